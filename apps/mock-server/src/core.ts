/**
 * The state one mock instance shares between its routes and its control API: options, store,
 * virtual clock, lifecycle, journal, readings and the seams (webhooks, faults).
 */

import type { Video } from '@video-api/schema';
import type { ReadingSet } from '@video-api/schema/unspecified';
import { VirtualClock } from './state/clock.js';
import { defaultDefinitions } from './state/definitions.js';
import type { VideoEvent } from './state/events.js';
import type { Faults } from './faults/index.js';
import { createFaults } from './faults/index.js';
import { Journal } from './state/journal.js';
import { Lifecycle } from './state/lifecycle.js';
import { createLog, type Log } from './shared/log.js';
import { seededRandom } from './shared/random.js';
import { RateLimiter } from './http/rate-limit.js';
import type { RequestReadings } from './readings/request-readings.js';
import { type ShapeReadings, videoRepresentation } from './state/representation.js';
import { RepresentationTexts } from './state/representation-text.js';
import type { VideoStore } from './state/video-store.js';
import type { Phase, ResolvedOptions, VideoRecord } from './types.js';
import { createUploadFolders, type UploadFolders } from './node/upload-folders.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks/index.js';

export interface MockCore {
  options: ResolvedOptions;
  store: VideoStore;
  clock: VirtualClock;
  lifecycle: Lifecycle;
  journal: Journal;
  limiter: RateLimiter;
  folders: UploadFolders;
  log: Log;
  /** The readings the server plays (spec defaults, options, admin). */
  readings: ReadingSet;
  /** The readings of the request whose events are being emitted (see `during`). */
  eventReadings: ReadingSet | undefined;
  /**
   * This server's own origin (set when it listens): the streaming base of events no request caused
   * (after a restart). A request's own answers use that request's origin.
   */
  origin: string;
  /** The origin of the request whose events are being emitted (see `during`). */
  eventOrigin: string | undefined;
  listeners: Set<(event: VideoEvent) => void>;
  /** Uploads being received (settled by `mock.uploadsSettled()`). */
  uploads: Set<Promise<unknown>>;
  webhooks: WebhookDispatcher;
  faults: Faults;
  /** JSON texts of the records shown last (see RepresentationTexts). */
  texts: RepresentationTexts;
}

/** The streaming base: the option, or this server's origin. */
export function streamingBase(core: MockCore, origin = core.origin): string {
  return core.options.streamingBase ?? origin;
}

/** The get/update representation (§4.3) of a record under the readings of one request. */
export function represent(
  core: MockCore,
  record: VideoRecord,
  readings: RequestReadings,
  origin: string,
): Video {
  return videoRepresentation(
    record,
    core.lifecycle.phaseOf(record),
    readings,
    streamingBase(core, origin),
    core.clock,
  );
}

/**
 * `represent` as the JSON text a response sends, from memory when the record did not change.
 * `read` is false on the write paths: their new record's text is not remembered.
 */
export function representText(
  core: MockCore,
  record: VideoRecord,
  readings: RequestReadings,
  origin: string,
  read = true,
): string {
  return core.texts.text(
    record,
    core.lifecycle.phaseOf(record),
    readings,
    streamingBase(core, origin),
    core.clock,
    read,
  );
}

const WEBHOOK_IDS = ['webhook-events', 'webhook-payload', 'webhook-signing', 'webhook-delivery'] as const;

/** A reading set (of events) in the shape videoRepresentation reads. */
function eventShape(readings: ReadingSet): ShapeReadings {
  return { get: (id) => readings[id] };
}

/**
 * Runs `emit` (synchronous lifecycle calls of one request) so that the events it emits, and their
 * webhook deliveries, follow the readings and the origin of that request; names the webhook
 * readings as played when a receiver is registered.
 */
export function during<T>(core: MockCore, readings: RequestReadings, origin: string, emit: () => T): T {
  core.eventReadings = readings.all();
  core.eventOrigin = origin;
  try {
    return emit();
  } finally {
    core.eventReadings = undefined;
    core.eventOrigin = undefined;
    if (core.webhooks.list().length > 0) for (const id of WEBHOOK_IDS) readings.get(id);
  }
}

/** Keys remembered with the origin of the request that last moved them (oldest forgotten first). */
const REMEMBERED_ORIGINS = 10_000;

/**
 * The origin each video's events are addressed from: the request that created or uploaded it, so
 * that its later events (processing, ready) say what that client saw, whatever came in since.
 */
function originMemory() {
  const origins = new Map<string, string>();
  return {
    /** `origin` (remembered for `key`) when a request is emitting, else the one remembered. */
    of(key: string, origin: string | undefined): string | undefined {
      if (origin === undefined) return origins.get(key);
      origins.delete(key);
      if (origins.size >= REMEMBERED_ORIGINS) origins.delete(origins.keys().next().value as string);
      origins.set(key, origin);
      return origin;
    },
  };
}

/** Builds the core over a store (memory or SQLite). */
export function createCore(options: ResolvedOptions, store: VideoStore): MockCore {
  const eventOrigins = originMemory();
  const clock = new VirtualClock(options.realTimeClock, Date.now(), store.getClockOffset(), (offset) =>
    store.setClockOffset(offset),
  );
  const failures = seededRandom(options.seed);
  const core: MockCore = {
    options,
    store,
    clock,
    journal: new Journal(),
    limiter: new RateLimiter(options.rateLimit),
    folders: createUploadFolders(options.dataDir),
    log: createLog(options.logLevel, options.logger),
    readings: { ...options.readings },
    eventReadings: undefined,
    origin: 'http://127.0.0.1:4010',
    eventOrigin: undefined,
    listeners: new Set(),
    uploads: new Set(),
    webhooks: undefined as unknown as WebhookDispatcher,
    faults: undefined as unknown as Faults,
    lifecycle: undefined as unknown as Lifecycle,
    texts: new RepresentationTexts(),
  };
  if (store.getDefinitions().length === 0 && store.list().length === 0)
    store.setDefinitions(defaultDefinitions());
  core.faults = createFaults({ seed: options.seed, now: () => clock.now() });
  core.webhooks = createWebhookDispatcher({
    readings: () => core.eventReadings ?? core.readings,
    seed: options.seed,
    log: (entry) => core.log('debug', { msg: 'webhook', ...entry }),
  });
  for (const url of options.webhooks) {
    core.webhooks.register({
      url,
      ...(options.webhookSecret !== undefined && { secret: options.webhookSecret }),
    });
  }
  core.lifecycle = new Lifecycle({
    store,
    clock,
    readings: () => core.eventReadings ?? core.readings,
    processingMs: () => options.processingMs,
    drawFailure: () => options.failureRate > 0 && failures() < options.failureRate,
    represent: (record: VideoRecord, phase: Phase) =>
      videoRepresentation(
        record,
        phase,
        eventShape(core.eventReadings ?? core.readings),
        streamingBase(core, eventOrigins.of(record.key, core.eventOrigin) ?? core.origin),
        clock,
      ),
    emit: (event) => {
      core.webhooks.dispatch(event);
      for (const listener of core.listeners) listener(event);
    },
  });
  return core;
}
