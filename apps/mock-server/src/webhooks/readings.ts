/**
 * The webhook readings in force, taken from the app's readings; a missing or unknown value
 * falls back to the reading the spec names as the mock's default.
 */
import { isReading, mockReadings, type UnspecifiedIdWithReadings } from '@video-api/schema';
import type { WebhookReadings } from './types.js';

/** The registry ids of the webhook unknowns, by the name the dispatcher uses. */
export const WEBHOOK_READING_IDS = {
  events: 'webhook-events',
  payload: 'webhook-payload',
  signing: 'webhook-signing',
  delivery: 'webhook-delivery',
  method: 'webhook-method',
  security: 'webhook-security',
} as const satisfies Record<keyof WebhookReadings, UnspecifiedIdWithReadings>;

function pick<Id extends (typeof WEBHOOK_READING_IDS)[keyof WebhookReadings]>(
  id: Id,
  given: Record<string, string>,
) {
  const value = given[id];
  return value !== undefined && isReading(id, value) ? value : mockReadings()[id];
}

/**
 * Resolves the webhook readings from a full or partial reading set.
 *
 * @example
 * resolveWebhookReadings({ 'webhook-signing': 'unsigned' }).signing; // 'unsigned'
 * resolveWebhookReadings({}).payload;                                 // 'envelope' (the mock default)
 */
export function resolveWebhookReadings(given: Record<string, string>): WebhookReadings {
  return {
    events: pick(WEBHOOK_READING_IDS.events, given),
    payload: pick(WEBHOOK_READING_IDS.payload, given),
    signing: pick(WEBHOOK_READING_IDS.signing, given),
    delivery: pick(WEBHOOK_READING_IDS.delivery, given),
    method: pick(WEBHOOK_READING_IDS.method, given),
    security: pick(WEBHOOK_READING_IDS.security, given),
  };
}

/** The `X-Mock-Readings` value of a delivery: `webhook-events=per-state, webhook-payload=…`. */
export function readingsHeader(readings: WebhookReadings): string {
  return (Object.keys(WEBHOOK_READING_IDS) as Array<keyof WebhookReadings>)
    .map((key) => `${WEBHOOK_READING_IDS[key]}=${readings[key]}`)
    .join(', ');
}
