/**
 * The CLI's flags, parsed and validated into server options. A bad flag or value is one line that
 * says what was wrong, where and what is accepted.
 */
import { parseArgs } from 'node:util';
import { OptionError } from '../../options.js';
import { parseReadingChoice, ReadingError, splitPair } from '../../readings/choice.js';
import type { LogFormat, LogLevel } from '../../shared/log.js';
import { LOG_FORMATS, LOG_LEVELS } from '../../shared/log.js';
import type { ServerOptions } from '../server/server.js';
import { readReadingsFrom } from './readings-from.js';

export const USAGE = `Usage: video-api-mock [options]
       video-api-mock worker --database-url URL [--data-dir DIR] [options]

  worker                   serve no HTTP: take the work of the instances on the same database
                           (webhook deliveries and, with ffmpeg, transcodes: each under a lease),
                           as many workers as the work needs; SIGTERM gives its leases back

  --port N                 port to listen on (default 4010; 0 picks a free one)
  --host H                 address to bind (default 127.0.0.1)
  --token T                accepted Bearer token, repeatable (default: mock-token)
  --project KEY            a project key every token may upload to, repeatable (default: demo);
                           held to under --reading unknown-project-key=not-found-404 or forbidden-403
  --data-dir DIR           keep state (SQLite) and uploads in DIR; survives a restart. With
                           --database-url, DIR holds only the bytes (uploads, renditions) and must
                           be a folder every instance shares (a volume, NFS)
  --database-url URL       keep the state in PostgreSQL 13+ (postgres://user:pass@host:5432/db;
                           or env VIDEO_API_MOCK_DATABASE_URL): every instance started with the
                           same URL is one mock, behind a load balancer
  --database-pool-size N   most connections this instance opens to the database (default 10)
  --database-statement-timeout-ms N  a statement or row lock taking longer is a 503
                           database-unavailable (default 5000)
  --streaming-base URL     origin of HLS playback addresses (default: this server)
  --processing-ms N        virtual ms from upload to ready (default 2000; with --transcode on, at least)
  --transcode MODE         real HLS renditions of uploads with ffmpeg: auto | on | off. auto (default):
                           where ffmpeg is found, what it can read plays its own renditions, the rest
                           the placeholder; the API answers the same with or without ffmpeg. on:
                           ffmpeg required, ready once renditions exist, unreadable uploads fail
  --transcode-concurrency N  transcodes at once; the others wait (default 1). With --database-url
                           transcodes are jobs any instance or worker with ffmpeg takes; 0: this
                           instance queues them and leaves them to the others (workers)
  --reading ID=READING     play READING for unknown ID, repeatable
  --readings random        draw one reading per unknown from --seed
  --readings-from FILE     play the readings a contract run observed (its report.json); --reading
                           wins over it, an unknown it did not observe keeps the default
  --seed N                 seed of random readings, failures and faults (default 1)
  --failure-rate X         share of uploads whose processing fails, 0..1 (default 0)
  --max-upload-bytes N     largest upload file: bytes, or with KiB/MiB/GiB (default 5GiB)
  --max-custom-fields N    guard: most custom fields one video holds (default 500)
  --max-record-bytes N     guard: largest record (title, tags, custom fields as JSON): bytes, or
                           with KiB/MiB (default 256KiB)
  --log-level L            silent | error | warn | info | debug (default info); lines go to stderr,
                           written in batches after each turn of the event loop and on exit
  --log-format F           pretty (one short line per request: time, level, method, path, status,
                           duration, readings not at their default) | json (one JSON object per
                           line); default: pretty when stderr is a terminal, json otherwise
  --webhook URL            webhook receiver, repeatable
  --webhook-secret S       secret the webhooks are signed with
  --admin-token T          token the admin API (/__mock/) requires; set it when --host is not a
                           loopback address (a warning says so otherwise)
  --no-admin               switch the admin API off
  --allowed-host H         host a request's Host may name, repeatable: a name, .domain for it and
                           its subdomains, * for any (always: localhost, *.localhost, IP
                           addresses; by default also this machine's name, the --host name and
                           the --streaming-base host); others get 403
  --cors-origin O          origin the API answers from a browser, repeatable; * for any (default:
                           localhost origins of any port); others get 403
  --admin-cors-origin O    origin allowed to call the admin API from a browser, repeatable; * for
                           any (default: none, same-origin only)
  --allow-webhook-target T webhook target allowed although link-local or a cloud metadata address:
                           a host, an IP or a CIDR range, repeatable (default: none)
  --max-sandboxes N        most sandboxes (/sandboxes/NAME/…, X-Mock-Sandbox) open at once;
                           0 switches them off (default 64)
  --headers-timeout-ms N   longest wait for a request's headers (default 15000)
  --idle-timeout-ms N      close a connection idle this long, also mid-upload (default 60000)
  --request-timeout-ms N   longest time to receive a whole request; 0 for none (default 3600000)
  --body-idle-timeout-ms N a request body that brings fewer than 1 KiB in N ms (a stall or a
                           trickle) is answered 408 and dropped; 0 for none (default 30000)
  --outlive-parent         keep running when the process that started it exits or its terminal
                           closes (nohup, setsid, a shell's &); by default it then closes
  --help                   this text`;

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
};

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string', multiple: true },
  project: { type: 'string', multiple: true },
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  'database-pool-size': { type: 'string' },
  'database-statement-timeout-ms': { type: 'string' },
  'streaming-base': { type: 'string' },
  'processing-ms': { type: 'string' },
  reading: { type: 'string', multiple: true },
  readings: { type: 'string' },
  'readings-from': { type: 'string' },
  seed: { type: 'string' },
  'failure-rate': { type: 'string' },
  'max-upload-bytes': { type: 'string' },
  'max-custom-fields': { type: 'string' },
  'max-record-bytes': { type: 'string' },
  'log-level': { type: 'string' },
  'log-format': { type: 'string' },
  webhook: { type: 'string', multiple: true },
  'webhook-secret': { type: 'string' },
  'admin-token': { type: 'string' },
  'no-admin': { type: 'boolean' },
  'cors-origin': { type: 'string', multiple: true },
  'admin-cors-origin': { type: 'string', multiple: true },
  'allowed-host': { type: 'string', multiple: true },
  'allow-webhook-target': { type: 'string', multiple: true },
  'headers-timeout-ms': { type: 'string' },
  'idle-timeout-ms': { type: 'string' },
  'request-timeout-ms': { type: 'string' },
  'body-idle-timeout-ms': { type: 'string' },
  'outlive-parent': { type: 'boolean' },
  'max-sandboxes': { type: 'string' },
  transcode: { type: 'string' },
  'transcode-concurrency': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function integer(flag: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new OptionError(`--${flag}: "${text}" is not accepted (an integer >= ${min})`);
  }
  return Number(text);
}

/** Bytes with an optional unit: 1048576, 512MiB, 5GiB. */
export function parseBytes(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*([a-zA-Z]*)$/.exec(text.trim());
  const unit = UNITS[match?.[2]?.toLowerCase() ?? 'x'];
  const value = match && unit ? Math.floor(Number(match[1]) * unit) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new OptionError(
      `--${flag}: "${text}" is not accepted (bytes, optionally with KiB, MiB, GiB, KB, MB, GB)`,
    );
  }
  return value;
}

/** The flag of each option whose value the CLI passes on unchanged (their errors name the option). */
const FLAG_OF: Record<string, string> = {
  transcode: '--transcode',
  transcodeConcurrency: '--transcode-concurrency',
  dataDir: '--data-dir',
  databaseUrl: '--database-url',
  streamingBase: '--streaming-base',
  tokens: '--token',
  projects: '--project',
  webhooks: '--webhook',
  corsOrigins: '--cors-origin',
  adminCorsOrigins: '--admin-cors-origin',
  allowedHosts: '--allowed-host',
  allowWebhookTargets: '--allow-webhook-target',
  readings: '--reading',
  readingsFrom: '--readings-from',
};

/**
 * An option error as the CLI says it: `streamingBase: "x" is not accepted …` becomes
 * `--streaming-base: "x" is not accepted …`.
 */
export function inFlagTerms(message: string): string {
  const match = /^([A-Za-z.]+): /.exec(message);
  const flag = match ? FLAG_OF[match[1] as string] : undefined;
  return flag ? `${flag}: ${message.slice((match as RegExpExecArray)[0].length)}` : message;
}

/** Flags that take a value: a value after them that looks like a negative number is still theirs. */
const VALUE_FLAGS = new Set(
  Object.entries(OPTIONS)
    .filter(([, spec]) => spec.type === 'string')
    .map(([name]) => `--${name}`),
);

/** `--processing-ms -5` as `--processing-ms=-5`, so the value's check answers, not parseArgs. */
function joinNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (VALUE_FLAGS.has(arg) && next !== undefined && /^-[\d.]/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/**
 * Parses CLI arguments into server options; `help` is true for --help.
 *
 * @example
 * parseCliArgs(['--port', '0', '--reading', 'custom-fields-omitted=replace']);
 */
export function parseCliArgs(
  argv: string[],
  /** Whether stderr (where log lines go) is a terminal: the default `--log-format` is then pretty. */
  terminal = process.stderr.isTTY === true,
  /** Where `VIDEO_API_MOCK_DATABASE_URL` is read (the flag wins). */
  env: Record<string, string | undefined> = process.env,
): {
  help: boolean;
  options: ServerOptions;
  /** `--outlive-parent`: the CLI does not close when its parent exits (nor on SIGHUP). */
  outliveParent: boolean;
  /** The file of `--readings-from`, when given (its report is `options.readingsFrom`). */
  readingsFrom?: string;
} {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(joinNegativeValues(argv)).values;
  } catch (error) {
    throw new OptionError(`${(error as Error).message.split('\n')[0]} (see --help)`);
  }
  const options: ServerOptions = {};
  const set = <K extends keyof ServerOptions>(key: K, value: ServerOptions[K] | undefined) => {
    if (value !== undefined) options[key] = value;
  };
  set('port', integer('port', values.port, 0));
  if (options.port !== undefined && options.port > 65535) {
    throw new OptionError(`--port: "${values.port}" is not accepted (0 to 65535)`);
  }
  set('host', values.host);
  set('tokens', values.token);
  set('projects', values.project);
  set('dataDir', values['data-dir']);
  set('databaseUrl', values['database-url'] ?? (env.VIDEO_API_MOCK_DATABASE_URL || undefined));
  set('databasePoolSize', integer('database-pool-size', values['database-pool-size'], 1));
  set(
    'databaseStatementTimeoutMs',
    integer('database-statement-timeout-ms', values['database-statement-timeout-ms'], 1),
  );
  set('streamingBase', values['streaming-base']);
  set('processingMs', integer('processing-ms', values['processing-ms'], 0));
  set('seed', integer('seed', values.seed, 0));
  set('maxUploadBytes', parseBytes('max-upload-bytes', values['max-upload-bytes']));
  set('maxCustomFields', integer('max-custom-fields', values['max-custom-fields'], 1));
  set('maxRecordBytes', parseBytes('max-record-bytes', values['max-record-bytes']));
  if (values['failure-rate'] !== undefined) {
    const rate = Number(values['failure-rate']);
    if (values['failure-rate'].trim() === '' || !(rate >= 0 && rate <= 1)) {
      throw new OptionError(
        `--failure-rate: "${values['failure-rate']}" is not accepted (a number from 0 to 1)`,
      );
    }
    options.failureRate = rate;
  }
  const level = values['log-level'] ?? 'info';
  if (!LOG_LEVELS.includes(level as LogLevel)) {
    throw new OptionError(`--log-level: "${level}" is not accepted (one of ${LOG_LEVELS.join(', ')})`);
  }
  options.logLevel = level as LogLevel;
  const format = values['log-format'] ?? (terminal ? 'pretty' : 'json');
  if (!LOG_FORMATS.includes(format as LogFormat)) {
    throw new OptionError(`--log-format: "${format}" is not accepted (one of ${LOG_FORMATS.join(', ')})`);
  }
  options.logFormat = format as LogFormat;
  if (values.readings !== undefined && values.readings !== 'random') {
    throw new OptionError(
      `--readings: "${values.readings}" is not accepted (random; use --reading ID=READING to pick one)`,
    );
  }
  if (values.readings === 'random' && values.reading) {
    throw new OptionError('--readings random: not accepted together with --reading (choose one)');
  }
  try {
    if (values.readings === 'random') options.readings = 'random';
    else if (values.reading) {
      options.readings = parseReadingChoice(
        values.reading.map((pair) => splitPair(pair, '--reading')),
        '--reading',
      );
    }
  } catch (error) {
    if (error instanceof ReadingError) throw new OptionError(error.message);
    throw error;
  }
  const readingsFrom = values['readings-from'];
  if (readingsFrom !== undefined) {
    if (values.readings === 'random') {
      throw new OptionError('--readings-from: not accepted together with --readings random (choose one)');
    }
    options.readingsFrom = readReadingsFrom(readingsFrom);
  }
  set('webhooks', values.webhook);
  set('webhookSecret', values['webhook-secret']);
  set('adminToken', values['admin-token']);
  if (values['no-admin']) options.admin = false;
  set('corsOrigins', values['cors-origin']);
  set('adminCorsOrigins', values['admin-cors-origin']);
  set('allowedHosts', values['allowed-host']);
  set('allowWebhookTargets', values['allow-webhook-target']);
  set('maxSandboxes', integer('max-sandboxes', values['max-sandboxes'], 0));
  set('headersTimeoutMs', integer('headers-timeout-ms', values['headers-timeout-ms'], 1));
  set('idleTimeoutMs', integer('idle-timeout-ms', values['idle-timeout-ms'], 1));
  set('requestTimeoutMs', integer('request-timeout-ms', values['request-timeout-ms'], 0));
  set('bodyIdleTimeoutMs', integer('body-idle-timeout-ms', values['body-idle-timeout-ms'], 0));
  const transcode = values.transcode ?? 'auto';
  if (transcode !== 'auto' && transcode !== 'on' && transcode !== 'off') {
    throw new OptionError(`--transcode: "${transcode}" is not accepted (auto, on or off)`);
  }
  options.transcode = transcode;
  set('transcodeConcurrency', integer('transcode-concurrency', values['transcode-concurrency'], 0));
  return {
    help: values.help === true,
    options,
    outliveParent: values['outlive-parent'] === true,
    ...(readingsFrom !== undefined && { readingsFrom }),
  };
}

function parse(argv: string[]) {
  return parseArgs({ args: argv, strict: true, allowPositionals: false, options: OPTIONS });
}
