/**
 * Options of the mock: validation (a bad value is one clear line: what, where, accepted) and
 * defaults. The CLI's flags map onto these.
 */
import { openapiDocument } from '@video-api/schema/openapi';
import { HOST_RULE, hostPattern } from './http/allowed-hosts.js';
import { ANY_ORIGIN, normalizeOrigin, ORIGIN_RULE } from './http/origin-policy.js';
import { parseReadingChoice, ReadingError, randomReadings, readingSet } from './readings/choice.js';
import { observedReadings } from './readings/from-report.js';
import { formatted, type LineWriter, LOG_FORMATS, LOG_LEVELS } from './shared/log.js';
import { DEFAULT_MEMORY_FILE_BYTES } from './state/source-sink.js';
import type { MockOptions, ResolvedOptions } from './types.js';
import { DEFAULT_RETRY } from './webhooks/backoff.js';
import { startTargetsProblem } from './webhooks/target-rules.js';
import type { RetryOptions } from './webhooks/types.js';

/** The project every token may upload to when none is given: that of the spec's create example. */
const DEFAULT_PROJECT = (
  openapiDocument as {
    components: { examples: { CreateThreeVideosRequest: { value: { projectKey: string } } } };
  }
).components.examples.CreateThreeVideosRequest.value.projectKey;

/** The token accepted when none is given (documented in the README). */
export const DEFAULT_TOKEN = 'mock-token';
const DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 ** 3;
/** Guards beyond the readings (README "Guards"): custom fields per video, bytes per record. */
const DEFAULT_MAX_CUSTOM_FIELDS = 500;
const DEFAULT_MAX_RECORD_BYTES = 256 * 1024;
/** Most sandboxes open at once unless the options say (README "Sandboxes"). */
const DEFAULT_MAX_SANDBOXES = 64;

/** A bad option value; the message is one line: what, where and what is accepted. */
export class OptionError extends Error {
  override name = 'OptionError';
}

function integer(name: string, value: unknown, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new OptionError(`${name}: ${JSON.stringify(value)} is not accepted (an integer >= ${min})`);
  }
  return value;
}

function url(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new OptionError(`${name}: "${value}" is not accepted (an absolute http(s) URL)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new OptionError(`${name}: "${value}" is not accepted (an absolute http(s) URL)`);
  }
  return value.replace(/\/+$/, '');
}

/**
 * A PostgreSQL URL, checked for its form only (reaching it is the store's work). The refusal never
 * repeats the value: it may hold a password.
 */
function databaseUrl(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const refusal = new OptionError(
    'databaseUrl: not accepted (a URL postgres://user:password@host:5432/database, or postgresql://…)',
  );
  if (typeof value !== 'string') throw refusal;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw refusal;
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw refusal;
  return value;
}

function strings(name: string, value: unknown, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item.trim() === '')) {
    throw new OptionError(`${name}: ${JSON.stringify(value)} is not accepted (a list of non-empty strings)`);
  }
  return value as string[];
}

/** The `projects` option: project keys, any string the spec's `projectKey` is (the empty one too). */
function projectKeys(value: unknown): string[] {
  if (value === undefined) return [DEFAULT_PROJECT];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new OptionError(
      `projects: ${JSON.stringify(value)} is not accepted (a list of project keys, strings)`,
    );
  }
  return value as string[];
}

/** A list of origins (`corsOrigins`, `adminCorsOrigins`), normalized as browsers send them. */
function origins(name: string, value: unknown): string[] {
  return [
    ...new Set(
      strings(name, value, []).map((entry) => {
        if (entry.trim() === ANY_ORIGIN) return ANY_ORIGIN;
        const origin = normalizeOrigin(entry);
        if (origin === undefined)
          throw new OptionError(`${name}: "${entry}" is not accepted (${ORIGIN_RULE})`);
        return origin;
      }),
    ),
  ];
}

/** `allowedHosts`, normalized; undefined: hosts are not checked. */
function hosts(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  return [
    ...new Set(
      strings('allowedHosts', value, []).map((entry) => {
        const pattern = hostPattern(entry);
        if (pattern === undefined)
          throw new OptionError(`allowedHosts: "${entry}" is not accepted (${HOST_RULE})`);
        return pattern;
      }),
    ),
  ];
}

/** `webhookRetry`: positive integers (ms, attempts), over the defaults of src/webhooks/backoff.ts. */
function webhookRetry(value: MockOptions['webhookRetry']): Required<RetryOptions> {
  if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    throw new OptionError(
      `webhookRetry: ${JSON.stringify(value)} is not accepted (an object: { attempts?, baseMs?, maxMs?, windowMs? })`,
    );
  }
  const given = value ?? {};
  const unknown = Object.keys(given).filter((key) => !(key in DEFAULT_RETRY));
  if (unknown.length > 0) {
    throw new OptionError(`webhookRetry.${unknown[0]}: not accepted (attempts, baseMs, maxMs, windowMs)`);
  }
  return {
    attempts: integer('webhookRetry.attempts', given.attempts, 1, DEFAULT_RETRY.attempts),
    baseMs: integer('webhookRetry.baseMs', given.baseMs, 1, DEFAULT_RETRY.baseMs),
    maxMs: integer('webhookRetry.maxMs', given.maxMs, 1, DEFAULT_RETRY.maxMs),
    windowMs: integer('webhookRetry.windowMs', given.windowMs, 0, DEFAULT_RETRY.windowMs),
  };
}

/**
 * Validates `options` and fills in the defaults.
 *
 * @example
 * resolveOptions({ readings: { 'custom-fields-omitted': 'replace' } }).readings['status-codes']; // 'all-200'
 */
export function resolveOptions(
  options: MockOptions = {},
  defaultLogger: LineWriter = (line) => console.error(line),
): ResolvedOptions {
  const seed = integer('seed', options.seed, 0, 1);
  const tokens = strings('tokens', options.tokens, [DEFAULT_TOKEN]);
  for (const token of tokens) {
    if (!/^[A-Za-z0-9\-._~+/]+=*$/.test(token)) {
      throw new OptionError(
        `tokens: "${token}" is not accepted (token68 characters: letters, digits, -._~+/)`,
      );
    }
  }
  const projects = projectKeys(options.projects);
  if (options.readings === 'random' && options.readingsFrom !== undefined) {
    throw new OptionError('readingsFrom: not accepted together with readings: "random" (choose one)');
  }
  let readings: ResolvedOptions['readings'];
  try {
    // The twin: a report's observed readings, with the chosen readings over them (they win).
    const observed =
      options.readingsFrom === undefined ? {} : observedReadings(options.readingsFrom, 'readingsFrom');
    readings =
      options.readings === 'random'
        ? randomReadings(seed)
        : readingSet({
            ...observed,
            ...parseReadingChoice(Object.entries(options.readings ?? {}), 'readings'),
          });
  } catch (error) {
    if (error instanceof ReadingError) throw new OptionError(error.message);
    throw error;
  }
  const logLevel = options.logLevel ?? 'silent';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new OptionError(`logLevel: "${logLevel}" is not accepted (one of ${LOG_LEVELS.join(', ')})`);
  }
  const logFormat = options.logFormat ?? 'json';
  if (!LOG_FORMATS.includes(logFormat)) {
    throw new OptionError(`logFormat: "${logFormat}" is not accepted (one of ${LOG_FORMATS.join(', ')})`);
  }
  const failureRate = options.failureRate ?? 0;
  if (typeof failureRate !== 'number' || !(failureRate >= 0 && failureRate <= 1)) {
    throw new OptionError(
      `failureRate: ${JSON.stringify(failureRate)} is not accepted (a number from 0 to 1)`,
    );
  }
  const rateLimit = options.rateLimit ?? { requests: 20, windowMs: 1000 };
  const webhooks = strings('webhooks', options.webhooks, []).map((item) => url('webhooks', item) as string);
  const allowWebhookTargets = strings('allowWebhookTargets', options.allowWebhookTargets, []);
  // A link-local or metadata target given at start is refused as a bad option (src/webhooks/README.md).
  const webhookTargetProblem = startTargetsProblem(webhooks, allowWebhookTargets);
  if (webhookTargetProblem !== undefined) throw new OptionError(webhookTargetProblem);
  return {
    tokens,
    projects,
    dataDir: options.dataDir,
    databaseUrl: databaseUrl(options.databaseUrl),
    databasePoolSize: integer('databasePoolSize', options.databasePoolSize, 1, 10),
    databaseStatementTimeoutMs: integer(
      'databaseStatementTimeoutMs',
      options.databaseStatementTimeoutMs,
      1,
      5000,
    ),
    stateName: '',
    streamingBase: url('streamingBase', options.streamingBase),
    processingMs: integer('processingMs', options.processingMs, 0, 2000),
    readings,
    seed,
    maxUploadBytes: integer('maxUploadBytes', options.maxUploadBytes, 1, DEFAULT_MAX_UPLOAD_BYTES),
    failureRate,
    logLevel,
    logger: formatted(options.logger ?? defaultLogger, logFormat),
    webhooks,
    webhookSecret: options.webhookSecret,
    webhookRetry: webhookRetry(options.webhookRetry),
    adminToken: options.adminToken,
    admin: options.admin ?? true,
    corsOrigins: origins('corsOrigins', options.corsOrigins),
    adminCorsOrigins: origins('adminCorsOrigins', options.adminCorsOrigins),
    allowedHosts: hosts(options.allowedHosts),
    allowWebhookTargets,
    rateLimit: {
      requests: integer('rateLimit.requests', rateLimit.requests, 1, 20),
      windowMs: integer('rateLimit.windowMs', rateLimit.windowMs, 1, 1000),
    },
    maxFieldLength: integer('maxFieldLength', options.maxFieldLength, 1, 255),
    maxVideosPerCreate: integer('maxVideosPerCreate', options.maxVideosPerCreate, 1, 100),
    maxCustomFields: integer('maxCustomFields', options.maxCustomFields, 1, DEFAULT_MAX_CUSTOM_FIELDS),
    maxRecordBytes: integer('maxRecordBytes', options.maxRecordBytes, 1, DEFAULT_MAX_RECORD_BYTES),
    realTimeClock: options.realTimeClock ?? true,
    memoryUploadBytes: integer('memoryUploadBytes', options.memoryUploadBytes, 1, DEFAULT_MEMORY_FILE_BYTES),
    maxSandboxes: integer('maxSandboxes', options.maxSandboxes, 0, DEFAULT_MAX_SANDBOXES),
  };
}
