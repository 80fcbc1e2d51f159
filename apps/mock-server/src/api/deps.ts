/**
 * What the routes of the interface use, passed in by the app (src/app.ts): each route takes the
 * part it needs (`Pick<ApiDeps, …>`), so a route's collaborators are visible in its signature.
 */
import type { Context } from 'hono';
import type { MockEnv } from '../http/context.js';
import type { Log } from '../shared/log.js';
import type { VirtualClock } from '../state/clock.js';
import type { EventContext } from '../state/events.js';
import type { Lifecycle } from '../state/lifecycle.js';
import type { Origins } from '../state/origins.js';
import type { Representer } from '../state/representer.js';
import type { SourceSink } from '../state/source-sink.js';
import type { VideoStore } from '../state/video-store.js';
import type { UploadReceiver } from './receive-upload.js';

/** The limits of §8 the readings play, and the mock's guards beyond them, as the options set them. */
export interface Limits {
  maxUploadBytes: number;
  maxFieldLength: number;
  maxVideosPerCreate: number;
  maxCustomFields: number;
  maxRecordBytes: number;
}

export interface ApiDeps {
  /** Accepted Bearer tokens (§5). */
  tokens: readonly string[];
  store: VideoStore;
  clock: VirtualClock;
  lifecycle: Lifecycle;
  represent: Representer;
  origins: Origins;
  limits: Limits;
  /** The context of the events a request causes (its readings and origin). */
  eventContext: (c: Context<MockEnv>) => EventContext;
  /** Where uploaded files go, and how a multipart body is read into it. */
  sink: SourceSink;
  receive: UploadReceiver;
  /** The upload read rate a fault rule sets for a request, if any. */
  uploadReadRate: (c: Context<MockEnv>) => number | undefined;
  /** Uploads being received (`mock.uploadsSettled()` waits for them). */
  uploads: Set<Promise<unknown>>;
  /** The mock's log: what a route knows best (its storage failed, its client went away) is logged there. */
  log: Log;
}
