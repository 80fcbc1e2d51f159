/**
 * The body of a delivery under `webhook-payload` (§6: the payload is not shown; these are the
 * three readings of the spec, played exactly).
 */
import type { ReadingBody, ReadingOf } from '@video-api/schema';
import type { VideoEvent, WebhookPayload } from './types.js';

type Reading = ReadingOf<'webhook-payload'>;

/**
 * One builder per reading, each typed by the body the spec's meaning gives that reading: a new
 * reading, or a body that leaves the reading's schema, is a type error here until it is played.
 */
const builders: {
  [R in Reading]: (eventId: string, name: string, event: VideoEvent) => ReadingBody<'webhook-payload', R>;
} = {
  envelope: (eventId, name, event) => ({
    id: eventId,
    type: name,
    createdAt: event.occurredAt,
    data: { videoKey: event.videoKey, state: event.state },
  }),
  flat: (_eventId, name, event) => ({
    event: name,
    videoKey: event.videoKey,
    state: event.state,
    timestamp: event.occurredAt,
  }),
  'video-record': (_eventId, name, event) => ({
    event: name,
    video: { ...event.video, videoKey: event.videoKey },
  }),
};

/**
 * The payload of one event under a `webhook-payload` reading.
 *
 * @example
 * buildPayload('flat', 'evt_1', 'video.ready', event);
 * // { event: 'video.ready', videoKey: 'v-1', state: 'ready', timestamp: '2026-01-01T00:00:00.000Z' }
 */
export function buildPayload(
  reading: Reading,
  eventId: string,
  name: string,
  event: VideoEvent,
): WebhookPayload {
  return builders[reading](eventId, name, event);
}
