/** Bulky types of the mock: options, the stored video record, the in-process control API. */
import type { ReadingChoice, ReadingSet } from '@video-api/schema/unspecified';
import type { Hono } from 'hono';
import type { VideoEvent } from './state/events.js';

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

/** Options of `createApp` (the CLI's kebab-case flags map onto these). */
export interface MockOptions {
  /** Accepted Bearer tokens. Default: `['mock-token']`. */
  tokens?: string[];
  /** Folder for state (SQLite) and uploads; state survives a restart. Default: in memory + a temp folder. */
  dataDir?: string;
  /** Origin of the HLS playback addresses. Default: the origin of the request (this server). */
  streamingBase?: string;
  /** Virtual milliseconds from upload to ready. Default: 2000. */
  processingMs?: number;
  /** Readings the server plays (over the spec's `mock` defaults), or `'random'` (drawn from `seed`). */
  readings?: ReadingChoice | Record<string, string> | 'random';
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
  /** Webhook receivers registered at start. */
  webhooks?: string[];
  /** Secret of the webhooks registered at start. */
  webhookSecret?: string;
  /** Token the admin API requires (`Authorization: Bearer …`). Default: none needed. */
  adminToken?: string;
  /** `false` switches the admin API off. Default: true. */
  admin?: boolean;
  /** Origins allowed by CORS. Default: `['*']`. */
  corsOrigins?: string[];
  /** Budget of the `rate-limits: 429-retry-after` reading, per token. Default: 20 requests per second. */
  rateLimit?: { requests: number; windowMs: number };
  /** Longest title, tag or custom field text under `field-length-limits: limited`. Default: 255. */
  maxFieldLength?: number;
  /** Most videos per create request under `videos-per-create-limit: limited`. Default: 100. */
  maxVideosPerCreate?: number;
  /** Whether the virtual clock follows real time (true) or moves only when advanced. Default: true. */
  realTimeClock?: boolean;
}

/** Options with every default filled in. */
export interface ResolvedOptions {
  tokens: string[];
  dataDir: string | undefined;
  streamingBase: string | undefined;
  processingMs: number;
  readings: ReadingSet;
  seed: number;
  maxUploadBytes: number;
  failureRate: number;
  logLevel: LogLevel;
  logger: (line: string) => void;
  webhooks: string[];
  webhookSecret: string | undefined;
  adminToken: string | undefined;
  admin: boolean;
  corsOrigins: string[];
  rateLimit: { requests: number; windowMs: number };
  maxFieldLength: number;
  maxVideosPerCreate: number;
  realTimeClock: boolean;
}

/** The lifecycle phases the mock tracks; readings map them to the states a client sees (§3). */
export type Phase = 'created' | 'uploading' | 'uploaded' | 'processing' | 'ready' | 'failed';

/** A custom field value in one of the five JSON forms of §2. */
export type FieldValue = string | number | boolean | string[];

/** One video as the store keeps it. */
export interface VideoRecord {
  key: string;
  title: string;
  tags?: string[];
  projectKey: string;
  /** The token that created the video (for the `owner-only` readings). */
  owner: string | undefined;
  customFields: Record<string, FieldValue>;
  phase: Phase;
  /** Virtual time (ms) of creation and last change. */
  createdAt: number;
  updatedAt: number;
  /** Phase changes still to come, on the virtual clock. */
  schedule: { at: number; phase: Phase }[];
  /** The stored source file, once an upload completed. */
  source?: { file: string; size: number; filename?: string; contentType?: string };
}

/** Definition of a custom field (reading `custom-field-definition: predefined`). */
export interface FieldDefinition {
  name: string;
  kind?: 'string' | 'number' | 'boolean' | 'date-time' | 'string-array';
}

/** What a request leaves in the journal: times in epoch milliseconds (real and virtual). */
export interface JournalRecord {
  at: number;
  virtualAt: number;
  method: string;
  path: string;
  operationId: string | undefined;
  status: number;
  /** The readings played, in the `X-Mock-Readings` form (`id=reading, id2=reading`). */
  readings: string;
  durationMs: number;
}

/** One received request, as the journal gives it out: numbered, times as ISO strings. */
export type JournalEntry = Omit<JournalRecord, 'at' | 'virtualAt' | 'readings'> & {
  readings: Record<string, string>;
  seq: number;
  time: string;
  virtualTime: string;
};

export interface JournalFilter {
  method?: string;
  path?: string;
  operationId?: string;
  /** An ISO time or a sequence number: only entries after it. */
  since?: string | number;
}

/** A video to seed: a create entry plus optional state. */
export interface SeedVideo {
  key?: string;
  title: string;
  tags?: string[];
  projectKey?: string;
  owner?: string;
  simpleCustomFields?: Record<string, FieldValue>;
  /** Only phases that need no upload in progress or processing to come (default `created`). */
  phase?: Extract<Phase, 'created' | 'ready' | 'failed'>;
}

/** The in-process control API, mirrored by the admin API under `/__mock/`. */
export interface MockControl {
  /** Forgets every video, the journal and the definitions, and restores the start readings. */
  reset(): void;
  /** Stores videos directly; returns their keys. */
  seed(videos: SeedVideo[]): string[];
  /** The received requests, oldest first. */
  journal(filter?: JournalFilter): JournalEntry[];
  /** Moves the virtual clock forward and applies the transitions that came due. */
  advanceClock(ms: number): void;
  /** The virtual time, in ms since the epoch. */
  now(): number;
  /** Makes a video ready now. */
  makeReady(key: string): void;
  /** Makes a video's processing fail now. */
  fail(key: string): void;
  /** Sets the server's readings (over the spec's defaults). */
  setReadings(choice: ReadingChoice | Record<string, string>): void;
  /** The readings the server plays. */
  getReadings(): ReadingSet;
  /** Defines custom fields (reading `custom-field-definition: predefined`). */
  setDefinitions(definitions: FieldDefinition[]): void;
  getDefinitions(): FieldDefinition[];
  /** The stored source file of a video, if an upload completed. */
  sourceOf(key: string): VideoRecord['source'] | undefined;
  /** The folders uploads use (`temp` holds files being received). */
  paths(): { root: string; temp: string; uploads: string };
  /** Resolves when no upload is being received. */
  uploadsSettled(): Promise<void>;
  /** Listens to every state change. Returns a function that stops listening. */
  onEvent(listener: (event: VideoEvent) => void): () => void;
  /** The webhook dispatcher and the faults (see their modules). */
  readonly webhooks: import('./webhooks/index.js').WebhookDispatcher;
  readonly faults: import('./faults/index.js').Faults;
  /** Closes the store, timers and the dispatcher; removes the temporary upload folder. */
  close(): Promise<void>;
}

/** The Hono app plus its control API. */
export type MockApp = Hono<MockEnv> & { mock: MockControl };

/** Variables a request carries through the middleware. */
export interface MockVariables {
  operationId: string | undefined;
  readings: import('./readings/request-readings.js').RequestReadings;
  token: string | undefined;
  /** The origin of the request URL (the default streaming base). */
  origin: string;
  /** Set once the request pipeline runs for this request (so a not-found answer inside it does not run it again). */
  pipelined: boolean;
}

export interface MockEnv {
  Variables: MockVariables;
  Bindings: { incoming?: import('node:http').IncomingMessage };
}
