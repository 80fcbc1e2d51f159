/**
 * The event the mock emits on every state change of a video (§3, §6): the webhook dispatcher
 * turns it into deliveries under the webhook readings.
 */

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
