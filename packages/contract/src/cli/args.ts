/** Command-line arguments of `video-api-contract`, validated with messages a person can act on. */
import { parseArgs } from 'node:util';
import { parseReadingChoice } from '@video-api/schema';

export const USAGE = `Usage: video-api-contract [options]

Checks a server against the video upload and custom fields interface: pass/fail on what the
document states, "observed" on what it leaves open. Without --base-url it checks the mock in-process.

Options:
  --base-url URL          the service's base address (default: the mock, in-process)
  --upload-base-url URL   the upload host (default: --base-url; the document does not show it)
  --token T               access token (env VIDEO_API_TOKEN)
  --other-token T         a second account's token, to tell owner-only access from required
  --project KEY           project key for created videos (default: contract)
  --report DIR            write report.json, report.md and junit.xml there
  --runs N                runs of each property-based check (default: 25)
  --seed N                seed of the values written and of the property-based checks (an
                          integer, may be negative; default: a random one, printed so a
                          failure can be replayed)
  --ready-timeout MS      how long to wait for a video to become ready (default: 60000)
  --request-timeout MS    how long one request may go unanswered before its check fails
                          (default: 30000)
  --reading ID=READING    in-process mock only: play this reading (repeatable)
  --webhooks auto|off     auto: register a receiver through the mock's admin API when there is one
  --json                  print the JSON report on stdout instead of the summary
  -h, --help              this help

Exit codes: 0 every check passed (skipped checks do not fail); 1 a check failed; 2 bad usage;
3 the target could not be reached, or stopped answering during the run (the reports are still written).`;

export interface CliArgs {
  baseUrl?: string;
  uploadBaseUrl?: string;
  token?: string;
  otherToken?: string;
  project: string;
  reportDir?: string;
  runs?: number;
  seed?: number;
  readyTimeoutMs?: number;
  requestTimeoutMs?: number;
  readings: Record<string, string>;
  webhooks: 'auto' | 'off';
  json: boolean;
  help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

function url(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new UsageError(`${flag}: "${value}" is not an http(s) URL (e.g. http://localhost:4010)`);
  }
  return value.replace(/\/+$/, '');
}

function integer(flag: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\s*-?\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`${flag}: "${value}" is not an integer ≥ ${min}`);
  }
  return n;
}

/** fast-check's seeds are 32-bit integers, negative ones included (it prints those too). */
function seedOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\s*-?\d+\s*$/.test(value) || n < -(2 ** 31) || n >= 2 ** 31) {
    throw new UsageError(`--seed: "${value}" is not an integer from -2147483648 to 2147483647`);
  }
  return n;
}

/** parseArgs reads "-5" after "--seed" as an option: joins a negative number to its flag. */
function joinNegativeNumbers(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (/^--[a-z-]+$/.test(arg) && next !== undefined && /^-\d+$/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): CliArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  // `--reading ID=READING` is checked as every layer checks it (`@video-api/schema`), naming what is accepted.
  const chosen = parseReadingChoice(v.reading ?? []);
  if (!chosen.ok) throw new UsageError(`--reading: ${chosen.problems.join('; ')}`);
  const readings: Record<string, string> = chosen.choice;
  const webhooks = v.webhooks ?? 'auto';
  if (webhooks !== 'auto' && webhooks !== 'off')
    throw new UsageError(`--webhooks: "${webhooks}" is not auto or off`);
  const baseUrl = url('--base-url', v['base-url']);
  if (baseUrl === undefined && v['upload-base-url'] !== undefined) {
    throw new UsageError('--upload-base-url needs --base-url (the in-process mock serves both)');
  }
  if (baseUrl !== undefined && Object.keys(readings).length > 0) {
    throw new UsageError(
      '--reading only applies to the in-process mock; start your server with its readings instead',
    );
  }
  const token = v.token ?? env.VIDEO_API_TOKEN;
  if (v['other-token'] !== undefined && v['other-token'] === token) {
    // The same account's token would read as access for another account (§5 owner-only).
    throw new UsageError(
      '--other-token is the same as --token; give a token of another account, or leave --other-token out',
    );
  }
  return {
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(v['upload-base-url'] === undefined
      ? {}
      : { uploadBaseUrl: url('--upload-base-url', v['upload-base-url']) }),
    ...(token ? { token } : {}),
    ...(v['other-token'] === undefined ? {} : { otherToken: v['other-token'] }),
    project: v.project ?? 'contract',
    ...(v.report === undefined ? {} : { reportDir: v.report }),
    ...(v.runs === undefined ? {} : { runs: integer('--runs', v.runs, 1) }),
    ...(v.seed === undefined ? {} : { seed: seedOf(v.seed) }),
    ...(v['ready-timeout'] === undefined
      ? {}
      : { readyTimeoutMs: integer('--ready-timeout', v['ready-timeout'], 1) }),
    ...(v['request-timeout'] === undefined
      ? {}
      : { requestTimeoutMs: integer('--request-timeout', v['request-timeout'], 1) }),
    readings,
    webhooks,
    json: v.json ?? false,
    help: v.help ?? false,
  } as CliArgs;
}

function parse(argv: string[]) {
  return parseArgs({
    args: joinNegativeNumbers(argv[0] === '--' ? argv.slice(1) : argv),
    strict: true,
    allowPositionals: false,
    options: {
      'base-url': { type: 'string' },
      'upload-base-url': { type: 'string' },
      token: { type: 'string' },
      'other-token': { type: 'string' },
      project: { type: 'string' },
      report: { type: 'string' },
      runs: { type: 'string' },
      seed: { type: 'string' },
      'ready-timeout': { type: 'string' },
      'request-timeout': { type: 'string' },
      reading: { type: 'string', multiple: true },
      webhooks: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
