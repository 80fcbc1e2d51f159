/** Types of the webhook dispatcher; `VideoEvent` is the app's (src/state/events.ts). */
import type { MeaningOf, ReadingOf } from '@video-api/schema';

/** A state change of a video, emitted by the app on every transition (§3). */
import type { VideoEvent } from '../state/events.js';
import type { ResolvingFetch } from './target-check.js';
import type { ScheduleClock } from './wakeups.js';

export type { VideoEvent };

/** The webhook readings the dispatcher plays (§6). */
export interface WebhookReadings {
  events: ReadingOf<'webhook-events'>;
  payload: ReadingOf<'webhook-payload'>;
  signing: ReadingOf<'webhook-signing'>;
  delivery: ReadingOf<'webhook-delivery'>;
  method: ReadingOf<'webhook-method'>;
  security: ReadingOf<'webhook-security'>;
}

/** `webhook-payload=envelope`. */
interface EnvelopePayload {
  id: string;
  type: string;
  createdAt: string;
  data: { videoKey: string; state: string };
}
/** `webhook-payload=flat`. */
interface FlatPayload {
  event: string;
  videoKey: string;
  state: string;
  timestamp: string;
}
/** `webhook-payload=video-record`. */
interface VideoRecordPayload {
  event: string;
  video: Record<string, unknown>;
}
export type WebhookPayload = EnvelopePayload | FlatPayload | VideoRecordPayload;

/** One event, ready to send: the body is serialized once, so every copy and retry is byte-identical. */
export interface EventJob {
  eventId: string;
  event: string;
  videoKey: string;
  body: string;
  signing: ReadingOf<'webhook-signing'>;
  /** The HTTP method of each attempt (`webhook-method`, as its meaning in the spec gives it). */
  method: Uppercase<MeaningOf<'webhook-method', ReadingOf<'webhook-method'>>['method']>;
  /** Whether each attempt carries `Authorization: Bearer <secret>` (`webhook-security`). */
  security: ReadingOf<'webhook-security'>;
  /** The `X-Mock-Readings` value. */
  readings: string;
}

/*
 * Persistence (see ledger.ts): what the dispatcher keeps across restarts. With `--data-dir` it is
 * the store's SQLite database (src/node/sqlite/sqlite-webhooks.ts); elsewhere nothing is kept.
 */

/** A target as kept: `fromOptions` ones come from `--webhook` and are matched again at start. */
export interface StoredTarget {
  id: string;
  url: string;
  secret: string;
  fromOptions: boolean;
}

/** One delivery of one event (one copy) to one target, pending or given up. */
export interface StoredDelivery {
  /** `<eventId>/<targetId>/<copy>`: unique. */
  key: string;
  targetId: string;
  copy: number;
  job: EventJob;
  /** Attempts made so far. */
  attempts: number;
  /** Virtual time of the first attempt, once made. */
  firstAt?: number;
  /** Virtual time the next attempt is due. */
  dueAt: number;
  status: 'pending' | 'given-up';
  /** Virtual time it was given up. */
  givenUpAt?: number;
  /** The last attempt's status or error. */
  lastStatus?: number;
  lastError?: string;
}

/** Write-through persistence: every call is committed when it returns. */
export interface WebhookLedger {
  targets(): StoredTarget[];
  putTarget(target: StoredTarget): void;
  /** Removes a target and its deliveries. */
  deleteTarget(id: string): void;
  /** Every delivery, in the order it was queued. */
  deliveries(): StoredDelivery[];
  /** Queues deliveries (last in order), replacing any with the same key. */
  enqueue(deliveries: StoredDelivery[]): void;
  /** Updates a delivery in place (its place in the order stays). */
  update(delivery: StoredDelivery): void;
  remove(key: string): void;
}

/** A registered receiver. */
export interface WebhookTarget {
  id: string;
  url: string;
  secret: string;
}

/** One delivery attempt, as `deliveries()` and the admin API report it. */
export interface DeliveryRecord {
  /** Id of this attempt (`dlv_<n>`). */
  id: string;
  /** The event id (`Webhook-Id`), the same across retries and duplicate copies. */
  eventId: string;
  /** The event name, e.g. `video.ready`. */
  event: string;
  videoKey: string;
  targetId: string;
  url: string;
  /** 1 for the first attempt of a copy, 2 for its first retry, … */
  attempt: number;
  /** 0 for the original, 1 and 2 for the copies sent under `webhook-delivery=duplicates`. */
  copy: number;
  /** ISO 8601 time the attempt started (wall clock). */
  at: string;
  /** The receiver's status, when it answered. */
  status?: number;
  /** What went wrong when it did not answer (network error, timeout, a target the rules refuse). */
  error?: string;
  /** Whether the receiver answered 2xx. */
  ok: boolean;
  /** The backoff before the next attempt, when one is scheduled. */
  retryInMs?: number;
}

/**
 * Retry policy on the mock's virtual clock: exponential backoff from `baseMs` with jitter, each
 * wait at most `maxMs`; an event is given up after `attempts` attempts (first included) or when
 * its next attempt would start more than `windowMs` after its first.
 */
export interface RetryOptions {
  /** Most attempts in all; default no limit (the window decides). */
  attempts?: number;
  /** Default 500. */
  baseMs?: number;
  /** Default 60 000. */
  maxMs?: number;
  /** Default 1 800 000 (30 minutes). */
  windowMs?: number;
}

/** What `pending()` and `givenUp()` show of one delivery (one event, one copy, one target). */
interface KeptDelivery {
  eventId: string;
  event: string;
  videoKey: string;
  targetId: string;
  url: string;
  copy: number;
  /** Attempts made so far. */
  attempts: number;
  /** ISO 8601 (virtual clock) of the first attempt, once made. */
  firstAttemptAt?: string;
}

/** A delivery not yet acknowledged nor given up (`pending()`). */
export interface PendingDelivery extends KeptDelivery {
  /** ISO 8601 (virtual clock) at which the next attempt is due (in order: after those queued before it). */
  nextAttemptAt: string;
  /** Whether an attempt is being made now. */
  inFlight: boolean;
}

/** A delivery the mock gave up (`givenUp()`, `GET /__mock/webhooks/given-up`). */
export interface GivenUpDelivery extends KeptDelivery {
  /** ISO 8601 (virtual clock). */
  givenUpAt: string;
  lastStatus?: number;
  lastError?: string;
}

/** Which given-up deliveries to send again: one event's, a target's, or both. */
export interface RedeliverFilter {
  eventId?: string;
  targetId?: string;
}

/** One entry of the dispatcher's log. */
export type WebhookLogEntry = { level: 'debug' | 'info' | 'warn'; msg: string } & Record<string, unknown>;

/** Options of `createWebhookDispatcher`. */
export interface WebhookDispatcherOptions {
  /** The readings in force (server level) for dispatches that bring none. Missing or unknown → the mock default. */
  readings: () => Record<string, string>;
  /**
   * Defaults to the global fetch. One with `resolveAll` (the Node platform's `webhookFetch`) also
   * has `refusal()` check every address a target's name resolves to.
   */
  fetch?: ResolvingFetch;
  /**
   * Targets allowed although link-local or a cloud metadata address (the `allowWebhookTargets`
   * option): host names, IP addresses, CIDR ranges. Default: none.
   */
  allowTargets?: readonly string[];
  /**
   * Receives one entry per delivery attempt and per skipped or failed dispatch; `level` says how
   * much it matters: `debug` (delivered), `info` (a failed attempt), `warn` (given up or dropped).
   */
  log?: (entry: WebhookLogEntry) => void;
  /** Default `{ baseMs: 500, maxMs: 60_000, windowMs: 1_800_000 }` (no cap on attempts). */
  retry?: RetryOptions;
  /** The clock retries are scheduled on (the mock's virtual clock); default real time. */
  clock?: ScheduleClock;
  /** Where targets and pending deliveries are kept across restarts; default nowhere. */
  ledger?: WebhookLedger;
  /** Targets of the start options (`--webhook`): matched by URL to those kept in the ledger. */
  targets?: Array<{ url: string; secret?: string }>;
  /** Seed of jitter, duplicates and reordering; default 1. */
  seed?: number;
  /** Wall clock (ms) for signature timestamps and records; default `Date.now`. */
  now?: () => number;
  /** Time allowed for one attempt (ms); default 10_000. */
  timeoutMs?: number;
  /** Under `webhook-delivery=reordered`, events held together and shuffled (ms); default 500. */
  reorderWindowMs?: number;
  /** Most deliveries one target may have waiting; more are dropped and logged; default 10_000. */
  maxQueue?: number;
  /** How many delivery records are kept (oldest dropped first); default 1000. */
  maxRecords?: number;
}

/** The dispatcher the app wires to its state changes. */
export interface WebhookDispatcher {
  /**
   * Registers a receiver; a secret is generated when none is given. Throws a TypeError on a bad
   * URL, a `WebhookTargetRefused` when the target rules refuse its host (a literal address or a
   * known name; it does not resolve the name: `refusal` does, and every attempt checks again).
   */
  register(target: { url: string; secret?: string }): { id: string; secret: string };
  /**
   * Why the target rules refuse `url`, or undefined: its host, then (where the fetch resolves
   * names, as the Node platform's does) every address the name resolves to. What the admin API
   * checks before it registers.
   */
  refusal(url: string): Promise<string | undefined>;
  unregister(id: string): boolean;
  list(): Array<{ id: string; url: string }>;
  /**
   * Queues the deliveries of one event under `readings` (the readings of its context; default:
   * the dispatcher's `readings()`). Never throws, never waits.
   */
  dispatch(event: VideoEvent, readings?: Record<string, string>): void;
  /** Every attempt so far (up to `maxRecords`), oldest first. */
  deliveries(): DeliveryRecord[];
  /** Deliveries not yet acknowledged nor given up, per target in queue order. */
  pending(): PendingDelivery[];
  /** Deliveries given up, oldest first, optionally of one event or one target. */
  givenUp(filter?: RedeliverFilter): GivenUpDelivery[];
  /**
   * Queues the given-up deliveries that match again (last in their targets' queues, attempts
   * counted from 1); returns them. Throws a RangeError when the filter is empty.
   */
  redeliver(filter: RedeliverFilter): GivenUpDelivery[];
  /** Makes the attempts that came due on the clock (call after advancing it). */
  settle(): void;
  /**
   * A store other processes share: resolves once the events dispatched so far are in the store;
   * rejects with the store's error when an insert failed its first try (retried meanwhile). The
   * answer to a request waits for it (a 503 when it rejects), so no event of a write a client saw
   * acknowledged is lost when this process is killed. None elsewhere.
   */
  queued?(): Promise<void> | undefined;
  /**
   * Waits until what this dispatcher shows is the store's (a store other processes share: their
   * targets, pending and given-up deliveries and attempts) and its own registrations,
   * removals and redeliveries are committed; rejects when they could not be (the store is
   * unavailable). The admin API calls it around each of its reads and writes. At once elsewhere.
   */
  sync(): Promise<void>;
  /** How many deliveries wait and how many were given up (a shared store counts every process's). */
  counts(): Promise<{ pending: number; givenUp: number }>;
  /** Resolves when nothing is queued, held, in flight or waiting for a retry. */
  idle(): Promise<void>;
  /** Cancels every timer and in-flight attempt; later dispatches are ignored. */
  close(): Promise<void>;
}
