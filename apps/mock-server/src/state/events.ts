/**
 * The event the mock emits on every state change of a video (§3, §6), and the context it is
 * emitted in: the readings and origin of the request that caused it (or the server's own).
 */
import type { ReadingSet } from '@video-api/schema';

/**
 * One state change of a video.
 *
 * @example
 * const event: VideoEvent = {
 *   videoKey: 'v-0001', state: 'ready', previousState: 'processing',
 *   occurredAt: '2026-11-22T08:30:02.000Z', video: { videoKey: 'v-0001', simpleCustomFields: {} },
 * };
 */
export interface VideoEvent {
  videoKey: string;
  /** The state under the `video-states` reading in force. */
  state: string;
  previousState: string | null;
  /** ISO time on the virtual clock. */
  occurredAt: string;
  /** The GET representation under the readings in force. */
  video: Record<string, unknown>;
}

/**
 * Who caused a transition: the readings in force for it (a request's, with its `X-Mock-Reading`,
 * or the server's for transitions the clock brings) and the origin of that request, so that the
 * event's playback address is the one that client saw.
 */
export interface EventContext {
  readings: ReadingSet;
  origin?: string;
}
