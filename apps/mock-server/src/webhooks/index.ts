/**
 * Webhooks of the mock (§6, design §3): registration, per-reading payloads, signatures and
 * delivery (in order, duplicated or reordered), retries with backoff. See README.md in this folder
 * for the exact formats a receiver verifies.
 */

export { ACCEPTED_ALLOW_ENTRY, parseAllowList } from './allow-list.js';
export { backoffDelay, DEFAULT_RETRY, nextRetryDelay } from './backoff.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  READY_ONLY_STATES,
  SIGNATURE_VERSION,
  WEBHOOK_EVENT_PREFIX,
  WEBHOOK_HEADERS,
  webhookEventName,
} from './constants.js';
export { copiesOf, reorder } from './delivery-plan.js';
export { createWebhookDispatcher } from './dispatcher.js';
export { buildPayload } from './payload.js';
export { readingsHeader, resolveWebhookReadings, WEBHOOK_READING_IDS } from './readings.js';
export { ACCEPTED_REGISTRATION, validateRegistration, zWebhookRegistration } from './registration.js';
export { parseSignatureHeader, signatureHeader, verifyWebhookSignature } from './signing.js';
export type { ResolvingFetch } from './target-check.js';
export {
  addressRefusal,
  LINK_LOCAL_RANGES,
  METADATA_ADDRESSES,
  METADATA_NAMES,
  resolvedRefusal,
  startTargetsProblem,
  targetRefusal,
  WebhookTargetRefused,
} from './target-rules.js';
export type {
  DeliveryRecord,
  EnvelopePayload,
  FlatPayload,
  GivenUpDelivery,
  PendingDelivery,
  RedeliverFilter,
  RetryOptions,
  VideoEvent,
  VideoRecordPayload,
  WebhookDispatcher,
  WebhookDispatcherOptions,
  WebhookLogEntry,
  WebhookPayload,
  WebhookReadings,
  WebhookTarget,
} from './types.js';
