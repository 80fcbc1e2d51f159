/** Parses a delivery body of any `webhook-payload` reading (envelope, flat, video-record) into one event type. */
import { isVideo } from '../http/shapes.js';
import type { HeaderBag, WebhookEvent } from './types.js';
import { headerOf, WebhookVerificationError } from './webhook-error.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const date = (value: unknown) => {
  const parsed = typeof value === 'string' ? new Date(value) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : undefined;
};

/**
 * @example
 * parseWebhookEvent({ event: 'video.ready', videoKey: 'v-1', state: 'ready', timestamp: '2026-11-22T08:30:00Z' });
 * // { type: 'video.ready', videoKey: 'v-1', state: 'ready', payload: 'flat', ... }
 */
export function parseWebhookEvent(body: unknown, headers: HeaderBag = {}): WebhookEvent {
  const headerId = headerOf(headers, 'webhook-id');
  if (
    isObject(body) &&
    typeof body.type === 'string' &&
    isObject(body.data) &&
    typeof body.data.videoKey === 'string'
  ) {
    return {
      id: text(body.id) ?? headerId,
      type: body.type,
      videoKey: body.data.videoKey,
      state: text(body.data.state),
      occurredAt: date(body.createdAt),
      video: undefined,
      payload: 'envelope',
      body,
    };
  }
  if (isObject(body) && typeof body.event === 'string' && typeof body.videoKey === 'string') {
    return {
      id: headerId,
      type: body.event,
      videoKey: body.videoKey,
      state: text(body.state),
      occurredAt: date(body.timestamp),
      video: undefined,
      payload: 'flat',
      body,
    };
  }
  if (isObject(body) && typeof body.event === 'string' && isVideo(body.video)) {
    const video = body.video;
    return {
      id: headerId,
      type: body.event,
      videoKey: video.videoKey,
      state: text(video.status) ?? body.event.replace(/^video\./, ''),
      occurredAt: undefined,
      video,
      payload: 'video-record',
      body,
    };
  }
  throw new WebhookVerificationError(
    'webhook: body is none of the known payloads (envelope {type, data: {videoKey}}, flat {event, videoKey}, video-record {event, video})',
  );
}
