/**
 * One state of the mock, every part named once: the store and the sink, the clock, the lifecycle
 * and its events, the readings, the journal, faults and webhooks, and the options the routes
 * hold requests to. `createState` (src/create-state.ts) builds it; each consumer takes the
 * `Pick<MockState, …>` it uses (the routes of the interface through src/api/deps.ts, playback,
 * the control, the admin routes), so its signature shows its collaborators. This layer sits
 * above faults and webhooks and below the routes, the lowest place that can name every part; the
 * factory is a root file because it reads the options and the platform.
 */
import type { Context } from 'hono';
import type { Faults } from '../faults/types.js';
import type { MockEnv } from '../http/context.js';
import type { RateLimiter } from '../http/rate-limit.js';
import type { ServerReadings } from '../readings/server-readings.js';
import type { Log } from '../shared/log.js';
import type { VirtualClock } from '../state/clock.js';
import type { Definitions } from '../state/defined-fields.js';
import type { EventContext, VideoEvents } from '../state/events.js';
import type { Journal } from '../state/journal.js';
import type { Lifecycle } from '../state/lifecycle.js';
import type { Origins } from '../state/origins.js';
import type { SourceProcessor } from '../state/processing.js';
import type { Representer } from '../state/representer.js';
import type { SourceSink } from '../state/source-sink.js';
import type { VideoStore } from '../state/video-store.js';
import type { WebhookDispatcher } from '../webhooks/types.js';

/** The limits of §8 the readings play, and the mock's guards beyond them, as the options set them. */
export interface Limits {
  maxUploadBytes: number;
  maxFieldLength: number;
  maxVideosPerCreate: number;
  maxCustomFields: number;
  maxRecordBytes: number;
}

/** Every part of one state (the default one, or a sandbox's). */
export interface MockState {
  /**
   * Resolves once the state took up what its store holds (clock, definitions, scheduled steps);
   * requests and the control wait for it.
   */
  started: Promise<void>;
  /**
   * What a request must wait for before it reads the state, if anything: the start, or taking up
   * a change another process made to a shared store (src/instance/state-sync.ts).
   */
  waiting(): Promise<void> | undefined;
  /** The mock's log: what a part knows best (its storage failed, its client went away) is logged there. */
  log: Log;
  /** The video records (an interface: memory, SQLite, or another store). */
  store: VideoStore;
  /** Where uploaded files go. */
  sink: SourceSink;
  /** What makes renditions of uploads, where the platform has one; none: the placeholder plays. */
  processor?: SourceProcessor;
  clock: VirtualClock;
  /** The custom-field definitions (kept in the store, known at once to the representer). */
  definitions: Definitions;
  /** The server's readings (what a request plays unless its `X-Mock-Reading` says otherwise). */
  readings: ServerReadings;
  /** The streaming base of each request's origin, remembered per video for its events. */
  origins: Origins;
  /** The lifecycle of each video on the clock; it emits to `events`. */
  lifecycle: Lifecycle;
  /** The state changes, taken by webhooks and by `app.mock.onEvent` listeners. */
  events: VideoEvents;
  represent: Representer;
  journal: Journal;
  limiter: RateLimiter;
  faults: Faults;
  webhooks: WebhookDispatcher;
  /** Uploads being received (`mock.uploadsSettled()` waits for them). */
  uploads: Set<Promise<unknown>>;
  /** Accepted Bearer tokens (§5). */
  tokens: readonly string[];
  /** The project keys every token may upload to (`unknown-project-key`, §7). */
  projects: readonly string[];
  /** The limits of §8 and the record guards (README "Guards"), held by the API's writes and the seed. */
  limits: Limits;
  /** Token the admin API requires, if any. */
  adminToken: string | undefined;
  /** The context of the events a request causes (its readings and origin). */
  eventContext(c: Context<MockEnv>): EventContext;
  /** The upload read rate a fault rule sets for a request, if any. */
  uploadReadRate(c: Context<MockEnv>): number | undefined;
}
