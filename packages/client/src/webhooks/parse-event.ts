/** Parses a delivery body of any `webhook-payload` reading (envelope, flat, video-record) into one event type. */
import type { ReadingOf } from '@video-api/schema';
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

/** A reader per reading of `webhook-payload`: the event, or undefined when the body is not of its form. */
type PayloadReader = (
  body: Record<string, unknown>,
  headerId: string | undefined,
) => Omit<WebhookEvent, 'payload' | 'body'> | undefined;

/** Tried in this order; the first whose form the body has gives the event. */
const payloadReaders: Record<ReadingOf<'webhook-payload'>, PayloadReader> = {
  envelope: (body, headerId) =>
    typeof body.type === 'string' && isObject(body.data) && typeof body.data.videoKey === 'string'
      ? {
          id: text(body.id) ?? headerId,
          type: body.type,
          videoKey: body.data.videoKey,
          state: text(body.data.state),
          occurredAt: date(body.createdAt),
          video: undefined,
        }
      : undefined,
  flat: (body, headerId) =>
    typeof body.event === 'string' && typeof body.videoKey === 'string'
      ? {
          id: headerId,
          type: body.event,
          videoKey: body.videoKey,
          state: text(body.state),
          occurredAt: date(body.timestamp),
          video: undefined,
        }
      : undefined,
  'video-record': (body, headerId) =>
    typeof body.event === 'string' && isVideo(body.video)
      ? {
          id: headerId,
          type: body.event,
          videoKey: body.video.videoKey,
          state: text(body.video.status) ?? body.event.replace(/^video\./, ''),
          occurredAt: undefined,
          video: body.video,
        }
      : undefined,
};

/**
 * @example
 * parseWebhookEvent({ event: 'video.ready', videoKey: 'v-1', state: 'ready', timestamp: '2026-11-22T08:30:00Z' });
 * // { type: 'video.ready', videoKey: 'v-1', state: 'ready', payload: 'flat', ... }
 */
export function parseWebhookEvent(body: unknown, headers: HeaderBag = {}): WebhookEvent {
  const headerId = headerOf(headers, 'webhook-id');
  if (isObject(body)) {
    for (const [payload, read] of Object.entries(payloadReaders) as [
      ReadingOf<'webhook-payload'>,
      PayloadReader,
    ][]) {
      const event = read(body, headerId);
      if (event) return { ...event, payload, body };
    }
  }
  throw new WebhookVerificationError(
    'webhook: body is none of the known payloads (envelope {type, data: {videoKey}}, flat {event, videoKey}, video-record {event, video})',
  );
}
