/**
 * The names a receiver needs (§6 shows none of them; these are the mock's, documented in
 * README.md, the signature header's from the spec's `webhook-signing` meaning): header names, event
 * names, the signature scheme. Import them; do not retype them.
 */
import { meaningOf } from '@video-api/schema';

/** Header names of every delivery. */
export const WEBHOOK_HEADERS = {
  /** The event id (`evt_…`), the same across retries and duplicate copies: deduplicate on it. */
  id: 'Webhook-Id',
  /** Unix seconds at which this attempt was signed and sent. */
  timestamp: 'Webhook-Timestamp',
  /** `t=<unix seconds>,v1=<hex>` (hmac-sha256-timestamped) or `v1=<hex>` (hmac-sha256-body); absent when unsigned. */
  signature: meaningOf('webhook-signing', 'hmac-sha256-body').headers[0],
  /** The event name, e.g. `video.ready`. */
  event: 'Webhook-Event',
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: 'Webhook-Attempt',
  /** The webhook readings this delivery played: `webhook-events=per-state, webhook-payload=…`. */
  readings: 'X-Mock-Readings',
} as const;

/** The version tag of the signature in `Webhook-Signature`. */
export const SIGNATURE_VERSION = 'v1';

/** The prefix of every event name. */
const WEBHOOK_EVENT_PREFIX = 'video.';

/** The states that still produce an event under `webhook-events=ready-only`. */
export const READY_ONLY_STATES: readonly string[] = ['ready', 'failed'];

/** How far a timestamped signature may be from the receiver's clock by default (seconds). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * The event name of a state: `video.<state>`, a state of several words in lower case joined by `-`.
 *
 * @example
 * webhookEventName('ready');          // 'video.ready'
 * webhookEventName('processing');     // 'video.processing'
 * webhookEventName('Source waiting'); // 'video.source-waiting'
 */
export function webhookEventName(state: string): string {
  return `${WEBHOOK_EVENT_PREFIX}${state.trim().toLowerCase().replace(/\s+/g, '-')}`;
}

/** Most given-up deliveries a state keeps (the oldest beyond are forgotten, logged), in every store. */
export const MAX_GIVEN_UP = 10_000;

/** Most deliveries waiting per target by default (option `maxQueue`): an event beyond is refused for that target. */
export const DEFAULT_MAX_QUEUE = 10_000;
