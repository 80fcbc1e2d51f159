/**
 * @video-api/client: a typed SDK for the video upload and custom fields API, for every runtime
 * with fetch (Node 20+, browsers, workers). Node-only additions (file paths, node:http uploads)
 * live in `@video-api/client/node`. This entry exports what a user imports (a test holds it to a
 * budget); the types of options and results not named here are reachable from these, e.g.
 * `VideoApiClientOptions['retry']`, `WaitOptions['isReady']`, `Awaited<ReturnType<typeof verifyWebhook>>`.
 *
 * @example
 * import { createVideoApiClient } from '@video-api/client';
 * const client = createVideoApiClient({ baseUrl: 'http://localhost:4010', token: 'mock-token' });
 * const video = await client.getVideo('v-0001');
 */

export type { ReadCustomFields, SimpleCustomFields, Video } from '@video-api/schema';
export { memoryLedger } from './batch/ledger.js';
export { uploadVideos } from './batch/upload-videos.js';
export { createVideoApiClient } from './client.js';
export {
  AbortedError,
  AmbiguousCreateError,
  AuthError,
  HttpError,
  InputError,
  MockError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
  VideoApiError,
  VideoFailedError,
} from './errors.js';
export { CustomFieldError } from './fields/custom-field-error.js';
export {
  type CustomFields,
  defineCustomFields,
  type FieldKind,
  type FieldValue,
  type FieldValues,
} from './fields/define-custom-fields.js';
export type { CallOptions } from './http/types.js';
export type { VideoApiClient, VideoApiClientOptions } from './types.js';
export { fetchTransport, xhrTransport } from './upload/transport.js';
export type { UploadOptions, UploadProgress, UploadSource } from './upload/types.js';
export { defaultIsReady, playlistUrl } from './wait/readiness.js';
export type { WaitOptions } from './wait/types.js';
export { verifyWebhook } from './webhooks/verify-webhook.js';
export { WebhookVerificationError } from './webhooks/webhook-error.js';
