/** Bulky types of the mock's public API: options, the in-process control API, the app. */
import type { ReadingChoice, ReadingSet } from '@video-api/schema';
import type { Hono } from 'hono';
import type { MockControl } from './control/mock-control.js';
import type { MockEnv } from './http/context.js';
import type { TwinReport } from './readings/from-report.js';
import type { LineWriter, LogFormat, LogLevel } from './shared/log.js';
import type { RetryOptions } from './webhooks/types.js';

export type { MockControl, SandboxControl, StateControl } from './control/mock-control.js';
export type { SeedVideo } from './control/schemas.js';
export type { TwinReport } from './readings/from-report.js';
export type { LogLevel } from './shared/log.js';
export type { VideoEvent } from './state/events.js';
export type { StoredSource } from './state/source-sink.js';
export type * from './state/types.js';

/** Options of `createApp` (the CLI's kebab-case flags map onto these). */
export interface MockOptions {
  /** Accepted Bearer tokens. Default: `['mock-token']`. */
  tokens?: string[];
  /**
   * The project keys every token may upload to, which the `not-found-404` and `forbidden-403`
   * readings of `unknown-project-key` hold a create's `projectKey` to (the default reading takes any
   * key). Default: `['demo']`, the project of the spec's create example.
   */
  projects?: string[];
  /**
   * Folder for state (SQLite) and uploads; state survives a restart. Node only. Default: in
   * memory, uploads in a temporary folder (Node) or in memory (other runtimes).
   */
  dataDir?: string;
  /**
   * PostgreSQL (13 or later) to keep the mock's state in: any number of processes started with the
   * same URL are one mock (`postgres://user:password@host:5432/database`). `dataDir` then holds
   * only the bytes (uploads, renditions) and must be a folder every process shares. Node only.
   * Default: none (state in memory, or SQLite in `dataDir`).
   */
  databaseUrl?: string;
  /** Most connections to `databaseUrl` one process opens. Default: 10. */
  databasePoolSize?: number;
  /**
   * Longest a statement (or a wait for a row lock) may take on `databaseUrl` before the request is
   * answered 503 `database-unavailable`, in ms. Default: 5000.
   */
  databaseStatementTimeoutMs?: number;
  /**
   * Largest upload kept in memory, in bytes, where uploads are kept in memory (runtimes without a
   * disk, e.g. under msw in a browser); a larger one is answered 413. Default: 64 MiB.
   */
  memoryUploadBytes?: number;
  /** Origin of the HLS playback addresses. Default: the origin of the request (this server). */
  streamingBase?: string;
  /** Virtual milliseconds from upload to ready. Default: 2000. */
  processingMs?: number;
  /** Readings the server plays (over the spec's `mock` defaults), or `'random'` (drawn from `seed`). */
  readings?: ReadingChoice | Record<string, string> | 'random';
  /**
   * A contract report (the parsed `report.json` of `video-api-contract`): the mock plays the
   * readings that run observed (the twin). An unknown observed as `other` or not observed keeps the
   * spec's default; `readings` wins over the report. Not with `readings: 'random'`.
   */
  readingsFrom?: TwinReport;
  /** Seed of `readings: 'random'`, of injected failures and of faults. Default: 1. */
  seed?: number;
  /** Largest accepted upload file, in bytes (reading `file-size-limit: rejects-413`). Default: 5 GiB. */
  maxUploadBytes?: number;
  /** Share of uploads whose processing fails (0..1, seeded). Default: 0. */
  failureRate?: number;
  /** Log level of the one-line-per-request JSON log (to stderr). Default: `'silent'`. */
  logLevel?: LogLevel;
  /** Where log lines go. Default: one line per entry on stderr. */
  logger?: (line: string) => void;
  /**
   * How log lines are written: `'json'` (one JSON object per line, for files, pipes and log
   * collectors) or `'pretty'` (one short human line: time, level, method, path, status,
   * duration and the readings not at their default). Default: `'json'` (the CLI: `pretty` when
   * stderr is a terminal).
   */
  logFormat?: LogFormat;
  /** Webhook receivers registered at start. */
  webhooks?: string[];
  /** Secret of the webhooks registered at start. */
  webhookSecret?: string;
  /**
   * When webhook deliveries are retried, on the virtual clock (src/webhooks/README.md "Retries").
   * Default `{ baseMs: 500, maxMs: 60_000, windowMs: 1_800_000 }`: waits from 0.5 s doubling up to
   * 60 s, for 30 minutes, then the event is given up (logged at warn, listed, redeliverable).
   */
  webhookRetry?: RetryOptions;
  /** Token the admin API requires (`Authorization: Bearer …`). Default: none needed. */
  adminToken?: string;
  /** `false` switches the admin API off. Default: true. */
  admin?: boolean;
  /**
   * Origins the public API answers from a browser (CORS), beyond the localhost origins of any port
   * (`http://localhost:5173`, `http://127.0.0.1:6006`, `http://[::1]:3000`), which are always allowed;
   * `'*'` allows every origin. A request from any other origin is the mock's own 403
   * (`X-Mock-Error: origin-not-allowed`). Default: none beyond localhost. (msw handlers: `['*']`.)
   */
  corsOrigins?: string[];
  /**
   * Origins allowed to call the admin API (`/__mock`) from a browser, beyond its own origin; `'*'`
   * allows every origin. Default: none (same-origin only). (msw handlers: `['*']`.)
   */
  adminCorsOrigins?: string[];
  /**
   * Hosts a request's `Host` may name (hostname, without port): `'*'` for any, `.example.com` for
   * it and its subdomains. A request naming another is the mock's own 403
   * (`X-Mock-Error: host-not-allowed`), the guard against DNS rebinding. Default for `createApp`:
   * not checked (in-process requests cross no network); `startServer` and the CLI always check,
   * with the machine's name, the bound `host` name and the streaming base's host allowed. Where
   * hosts are checked, `localhost`, its subdomains and IP literals are always allowed (DNS
   * rebinding needs a name).
   */
  allowedHosts?: string[];
  /**
   * Webhook targets allowed although they are link-local or cloud metadata addresses
   * (169.254.0.0/16, fe80::/10, `metadata.google.internal`, …): host names, IP addresses or CIDR
   * ranges (`169.254.0.0/16`). Default: none.
   */
  allowWebhookTargets?: string[];
  /** Budget of the `rate-limits: 429-retry-after` reading, per token. Default: 20 requests per second. */
  rateLimit?: { requests: number; windowMs: number };
  /** Longest title, tag or custom field text under `field-length-limits: limited`. Default: 255. */
  maxFieldLength?: number;
  /** Most videos per create request under `videos-per-create-limit: limited`. Default: 100. */
  maxVideosPerCreate?: number;
  /**
   * Guard beyond the readings (README "Guards"): most custom fields one video holds; an update or
   * seed that would leave more is refused (the validation status of `error-codes`). Default: 500.
   */
  maxCustomFields?: number;
  /**
   * Guard beyond the readings: largest record, in UTF-8 bytes of the JSON of its title, tags and
   * custom fields; a create, update or seed that would make one larger is refused 413. Default: 262 144 (256 KiB).
   */
  maxRecordBytes?: number;
  /** Whether the virtual clock follows real time (true) or moves only when advanced. Default: true. */
  realTimeClock?: boolean;
  /**
   * Most sandboxes open at once (`/sandboxes/{name}/…`, `X-Mock-Sandbox`); a request that would
   * open one more is the mock's own 400 (`X-Mock-Error: sandbox-limit`). 0 switches sandboxes off.
   * Default: 64.
   */
  maxSandboxes?: number;
}

/**
 * Options of the Node entry's `createApp` and `startServer` beyond MockOptions: real HLS
 * renditions of each upload with ffmpeg (on PATH, or the optional package `@ffmpeg-installer/ffmpeg`).
 */
export interface TranscodeOptions {
  /**
   * `'auto'`: when ffmpeg is found; `'on'`: ffmpeg is required (an OptionError without it);
   * `'off'`: every ready video plays the placeholder. Default: `'off'` (the CLI's default is auto).
   */
  transcode?: 'auto' | 'on' | 'off';
  /**
   * How many transcodes run at once; the others wait. Default: 1. With `databaseUrl`, transcodes
   * are jobs that any process of the mock with ffmpeg takes; 0 then queues them and takes none.
   */
  transcodeConcurrency?: number;
}

/** Options with every default filled in. */
export interface ResolvedOptions {
  tokens: string[];
  projects: string[];
  dataDir: string | undefined;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databaseStatementTimeoutMs: number;
  /** Which state of the store this is: '' for the default state, else the sandbox's name. */
  stateName: string;
  streamingBase: string | undefined;
  processingMs: number;
  readings: ReadingSet;
  seed: number;
  maxUploadBytes: number;
  failureRate: number;
  logLevel: LogLevel;
  /** Where log lines go, marked with the format it takes (`logFormat`). */
  logger: LineWriter;
  webhooks: string[];
  webhookSecret: string | undefined;
  webhookRetry: Required<RetryOptions>;
  adminToken: string | undefined;
  admin: boolean;
  corsOrigins: string[];
  adminCorsOrigins: string[];
  /** Undefined: not checked. */
  allowedHosts: string[] | undefined;
  allowWebhookTargets: string[];
  rateLimit: { requests: number; windowMs: number };
  maxFieldLength: number;
  maxVideosPerCreate: number;
  maxCustomFields: number;
  maxRecordBytes: number;
  realTimeClock: boolean;
  memoryUploadBytes: number;
  maxSandboxes: number;
}

/** The Hono app plus its control API. */
export type MockApp = Hono<MockEnv> & { mock: MockControl };
