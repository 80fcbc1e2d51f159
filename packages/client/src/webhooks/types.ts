/** Types of webhook deliveries (§6). Event kinds, payload and signing are unknown: these follow the mock's readings. */
import type { ReadingOf, Video } from '@video-api/schema';

/** The signing readings of unknown `webhook-signing`; `auto` tells the signed ones apart by the header's form. */
type WebhookSigning = ReadingOf<'webhook-signing'> | 'auto';

/** A delivery's event, the same whatever the payload reading (`webhook-payload`). */
export interface WebhookEvent {
  /** The event id (envelope body, else the `Webhook-Id` header): deduplicate on it. */
  id: string | undefined;
  /** `video.<state>`, e.g. `video.ready`. */
  type: string;
  videoKey: string;
  /** The state the video entered, when the payload says it. */
  state: string | undefined;
  occurredAt: Date | undefined;
  /** The whole record under the `video-record` payload reading. */
  video: Video | undefined;
  /** Which payload reading the body has. */
  payload: ReadingOf<'webhook-payload'>;
  /** The parsed body as received. */
  body: unknown;
}

export type HeaderBag = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The raw body exactly as received (verify before parsing). */
  body: string | Uint8Array;
  headers: HeaderBag;
  /** The shared secret of the registration. */
  secret: string;
  /** Default `auto`: timestamped when the header has `t=`, else body-only; unsigned is refused unless chosen. */
  signing?: WebhookSigning;
  /** Largest distance between the signature's time and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Clock in ms (default Date.now). */
  now?: () => number;
}
