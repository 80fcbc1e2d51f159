/** Command-line parsing of `video-api` on node:util parseArgs; every mistake is a UsageError. */
import { parseArgs } from 'node:util';
import { UsageError } from './exit-codes.js';

export const USAGE = `Usage: video-api <command> [options]

Commands:
  upload <files...> --project KEY [--title T] [--tag T...] [--wait] [--json]
                        create a video per file, upload it, and optionally wait until it is ready
  get KEY               print a video as JSON
  fields get KEY        print the custom fields of a video as JSON
  fields set KEY name=value... [name:=json...]
                        write custom fields: name=value writes a string, name:=42, name:=true,
                        name:='["a","b"]' write JSON values

Options:
  --base-url URL        the service's base address (env VIDEO_API_BASE_URL)
  --upload-base-url URL the upload host, if not the base address (env VIDEO_API_UPLOAD_BASE_URL)
  --token TOKEN         access token (env VIDEO_API_TOKEN)
  --concurrency N       uploads at once (default 3)
  --ledger FILE         remember created videos in FILE, so a rerun resumes without duplicates
  --correlation-field NAME
                        also write each file's correlation id into the custom field NAME of its
                        video, so a rerun with --ledger reuses a video only if it carries that id.
                        Off by default: upload writes no custom field (a server that accepts only
                        predefined fields must define NAME first)
  --timeout-ms MS       give up waiting for readiness after MS (default 600000)
  --json                print JSON only on stdout
  -h, --help            this text
  -v, --version         the version

Exit codes: 0 ok, 1 API error, 2 usage, 3 auth, 4 not found, 5 timeout or network, 6 video failed.`;

export interface Cli {
  command: 'upload' | 'get' | 'fields-get' | 'fields-set' | 'help' | 'version';
  positionals: string[];
  baseUrl: string | undefined;
  uploadBaseUrl: string | undefined;
  token: string | undefined;
  project: string | undefined;
  title: string | undefined;
  tags: string[];
  wait: boolean;
  json: boolean;
  concurrency: number;
  ledger: string | undefined;
  correlationField: string | undefined;
  timeoutMs: number | undefined;
}

function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new UsageError(`${flag} must be a positive integer, got "${value}"`);
  return Number(value);
}

/** Parses argv (without node and the script) and the environment. */
export function parseCli(argv: string[], env: Record<string, string | undefined>): Cli {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\.\s*To specify.*$/s, ''));
  }
  const { values, positionals } = parsed;
  const [first, second, ...rest] = positionals;
  let command: Cli['command'];
  let args: string[];
  if (values.help || first === 'help') [command, args] = ['help', []];
  else if (values.version) [command, args] = ['version', []];
  else if (first === 'upload') [command, args] = ['upload', positionals.slice(1)];
  else if (first === 'get') [command, args] = ['get', positionals.slice(1)];
  else if (first === 'fields' && (second === 'get' || second === 'set'))
    [command, args] = [`fields-${second}`, rest];
  else if (first === undefined) throw new UsageError('no command given');
  else
    throw new UsageError(
      `unknown command "${[first, first === 'fields' ? second : undefined].filter(Boolean).join(' ')}"`,
    );

  const cli: Cli = {
    command,
    positionals: args,
    baseUrl: values['base-url'] ?? env.VIDEO_API_BASE_URL,
    uploadBaseUrl: values['upload-base-url'] ?? env.VIDEO_API_UPLOAD_BASE_URL,
    token: values.token ?? env.VIDEO_API_TOKEN,
    project: values.project,
    title: values.title,
    tags: values.tag ?? [],
    wait: values.wait ?? false,
    json: values.json ?? false,
    concurrency: positiveInteger('--concurrency', values.concurrency) ?? 3,
    ledger: values.ledger,
    correlationField: values['correlation-field'],
    timeoutMs: positiveInteger('--timeout-ms', values['timeout-ms']),
  };
  if (command === 'help' || command === 'version') return cli;
  if (!cli.baseUrl) throw new UsageError('no base URL: pass --base-url URL or set VIDEO_API_BASE_URL');
  if (command === 'upload') {
    if (args.length === 0) throw new UsageError('upload needs at least one file');
    if (!cli.project) throw new UsageError('upload needs --project KEY');
    if (cli.correlationField === '')
      throw new UsageError('--correlation-field needs a custom field name, e.g. uploadCorrelationId');
  } else if (args.length === 0) {
    throw new UsageError(`${command.replace('-', ' ')} needs a video KEY`);
  } else if (command === 'fields-set' && args.length < 2) {
    throw new UsageError('fields set needs KEY and at least one name=value');
  } else if (command !== 'fields-set' && args.length > 1) {
    throw new UsageError(`${command.replace('-', ' ')} takes one KEY, got ${args.length}`);
  }
  return cli;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      'base-url': { type: 'string' },
      'upload-base-url': { type: 'string' },
      token: { type: 'string' },
      project: { type: 'string' },
      title: { type: 'string' },
      tag: { type: 'string', multiple: true },
      wait: { type: 'boolean' },
      json: { type: 'boolean' },
      concurrency: { type: 'string' },
      ledger: { type: 'string' },
      'correlation-field': { type: 'string' },
      'timeout-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}

/** Parses `name=value` (a string) and `name:=json` (any JSON value) pairs of `fields set`. */
export function parseAssignments(pairs: string[]): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const pair of pairs) {
    const json = /^([^=:]+):=(.*)$/s.exec(pair);
    const text = /^([^=]+)=(.*)$/s.exec(pair);
    if (json) {
      try {
        fields[json[1] as string] = JSON.parse(json[2] as string);
      } catch {
        throw new UsageError(`"${pair}": the value after := must be JSON (e.g. 42, true, '["a","b"]')`);
      }
    } else if (text) {
      fields[text[1] as string] = text[2];
    } else {
      throw new UsageError(`"${pair}" is not name=value or name:=json`);
    }
  }
  return fields;
}
