/** Command-line arguments of `video-api-contract`, validated with messages a person can act on. */
import { parseArgs } from 'node:util';
import { parseReadingChoice } from '@video-api/schema';
import { unknownSelectors } from '../support/catalogue.js';
import type { Profile, RunOptions } from '../support/types.js';
import { TUNING, TUNING_HELP } from './tuning.js';

export const USAGE = `Usage: video-api-contract [options]

Checks a server against the video upload and custom fields interface: pass/fail on what the
document states, "observed" on what it leaves open. Without --base-url it checks the mock in-process.

Options:
  --base-url URL          the service's base address (default: the mock, in-process)
  --upload-base-url URL   the upload host (default: --base-url; the document does not show it)
  --token T               access token (env VIDEO_API_TOKEN)
  --other-token T         a second account's token, to tell owner-only access from required
  --project KEY           project key of the videos the run creates (default: contract); the spec
                          has no delete, so give a project kept for test data: that is the fence.
                          The report lists every video created, with its key and project
  --report DIR            write report.json, report.md, junit.xml and report.html there
  --runs N                runs of each property-based check (default: 25)
  --seed N                seed of the values written and of the property-based checks (an
                          integer, may be negative; default: a random one, printed so a
                          failure can be replayed)
  --ready-timeout MS      how long to wait for a video to become ready (default: 60000)
  --request-timeout MS    how long one request may go unanswered before its check fails
                          (default: 30000)
  --reading ID=READING    in-process mock only: play this reading (repeatable)
  --webhooks auto|off     auto: register a receiver through the mock's admin API when there is one
  --admin-token T         the admin token of a mock started with --admin-token (env
                          VIDEO_API_ADMIN_TOKEN; default: --token), sent when registering the receiver
  --profile safe|full     safe: no burst, no declared upload, no oversized create, at most 10
                          videos created, polling with backoff honouring Retry-After; full: every
                          probe at full size. Default: full when --base-url is loopback
                          (localhost, 127.0.0.1, ::1) or the in-process mock, safe otherwise
  --only SEL              run only these checks and probes (repeatable or comma-separated): a
                          check id, a section (§4.4) or a tag (probe, round-trip, property,
                          refusal, client, playback); setup checks always run
  --skip SEL              do not run these (same selectors)
  --list                  print every check and probe with its id, section and tags
  --ca FILE               trust this CA certificate (PEM) for https targets
  --insecure              do not verify TLS certificates (never against production)
  --reporter R            progress on stderr: summary (default: a line per check, a heartbeat
                          during waits) or json-lines (one JSON object per event on stdout)
  --json                  print the JSON report on stdout instead of the summary
  -h, --help              this help

Sizes and rates:
${TUNING_HELP}

Exit codes: 0 no check failed (skipped checks do not fail); 1 a check failed; 2 bad usage;
3 the target could not be reached, or stopped answering during the run; 4 the server refused the
token (--token). The reports are still written for 1, 3 and 4.`;

export interface CliArgs {
  baseUrl?: string;
  uploadBaseUrl?: string;
  token?: string;
  otherToken?: string;
  /** The mock's admin token (`--admin-token`), for the webhook registration. */
  adminToken?: string;
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
  profile?: Profile;
  /** The sizes and rates given (`TUNING`). */
  tuning: Partial<RunOptions>;
  only: string[];
  skip: string[];
  list: boolean;
  reporter: 'summary' | 'json-lines';
  /** A CA certificate file (PEM) to trust. */
  ca?: string;
  insecure: boolean;
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
  const profile = v.profile;
  if (profile !== undefined && profile !== 'safe' && profile !== 'full')
    throw new UsageError(`--profile: "${profile}" is not safe or full`);
  const reporter = v.reporter ?? 'summary';
  if (reporter !== 'summary' && reporter !== 'json-lines')
    throw new UsageError(`--reporter: "${reporter}" is not summary or json-lines`);
  const only = selectors('--only', v.only);
  const skip = selectors('--skip', v.skip);
  const tuning: Partial<RunOptions> = {};
  for (const [flag, { option, min }] of Object.entries(TUNING)) {
    const value = integer(`--${flag}`, (v as Record<string, string | undefined>)[flag], min);
    if (value !== undefined) tuning[option] = value;
  }
  if (profile === 'safe' && (tuning.declaredUploadBytes ?? 0) > 2 ** 30) {
    throw new UsageError(
      '--declared-upload-bytes: the safe profile never declares more than 1 GiB (1073741824); use --profile full',
    );
  }
  if (v.insecure && v.ca !== undefined)
    throw new UsageError('--ca and --insecure exclude each other: give one');
  const token = v.token ?? env.VIDEO_API_TOKEN;
  const adminToken = v['admin-token'] ?? env.VIDEO_API_ADMIN_TOKEN;
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
    ...(adminToken ? { adminToken } : {}),
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
    ...(profile === undefined ? {} : { profile }),
    tuning,
    only,
    skip,
    list: v.list ?? false,
    reporter,
    ...(v.ca === undefined ? {} : { ca: v.ca }),
    insecure: v.insecure ?? false,
  } as CliArgs;
}

/** `--only a,b --only c`: the selectors, each an id, a section (§4.4) or a tag of the catalogue. */
function selectors(flag: string, values: string[] | undefined): string[] {
  const all = (values ?? [])
    .flatMap((value) => value.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = unknownSelectors(all);
  if (unknown.length > 0) {
    throw new UsageError(
      `${flag}: ${unknown.map((s) => `"${s}"`).join(', ')} selects no check or probe (give a check id, a section like §4.4, or a tag; --list shows them)`,
    );
  }
  return all;
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
      'admin-token': { type: 'string' },
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
      profile: { type: 'string' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      list: { type: 'boolean' },
      reporter: { type: 'string' },
      ca: { type: 'string' },
      insecure: { type: 'boolean' },
      ...Object.fromEntries(Object.keys(TUNING).map((flag) => [flag, { type: 'string' as const }])),
    },
  });
}
