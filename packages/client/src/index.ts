/**
 * @video-api/client: a typed SDK for the video upload and custom fields API, for every runtime
 * with fetch (Node 20+, browsers, workers). Node-only additions (file paths, node:http uploads)
 * live in `@video-api/client/node`.
 *
 * @example
 * import { createVideoApiClient } from '@video-api/client';
 * const client = createVideoApiClient({ baseUrl: 'http://localhost:4010', token: 'mock-token' });
 * const video = await client.getVideo('v-0001');
 */

export type { CreatedVideo, ReadCustomFields, SimpleCustomFields, Video } from '@video-api/schema';
export { memoryLedger } from './batch/ledger.js';
export type {
  BatchFile,
  BatchOptions,
  BatchPhase,
  BatchProgress,
  BatchResult,
  LedgerEntry,
  UploadLedger,
} from './batch/types.js';
export { isAmbiguousCreateFailure, uploadVideos } from './batch/upload-videos.js';
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
export { CustomFieldError, type FieldIssue } from './fields/custom-field-error.js';
export {
  type CustomFields,
  defineCustomFields,
  type FieldKind,
  type FieldValue,
  type FieldValues,
} from './fields/define-custom-fields.js';
export { errorFromParts, errorFromResponse } from './http/response-error.js';
export { backoffDelay, isRetryable, parseRetryAfter } from './http/retry.js';
export { isVideo } from './http/shapes.js';
export type { CallOptions, RetryOptions } from './http/types.js';
export type { RetryKind, SentOperationId as OperationName } from './operations.js';
export type { VideoApiClient, VideoApiClientOptions } from './types.js';
export { type MultipartBody, multipartBody } from './upload/multipart.js';
export { type PreparedSource, prepareSource } from './upload/source.js';
export {
  fetchTransport,
  type UploadRequest,
  type UploadTransport,
  xhrTransport,
} from './upload/transport.js';
export type {
  SizedStream,
  UploadOptions,
  UploadProgress,
  UploadResult,
  UploadSource,
} from './upload/types.js';
export { defaultIsReady, playlistUrl } from './wait/readiness.js';
export type { Readiness, ReadinessContext, ReadinessPredicate, WaitOptions } from './wait/types.js';
export { waitForReady } from './wait/wait-for-ready.js';
export { parseWebhookEvent } from './webhooks/parse-event.js';
export type { HeaderBag, VerifyWebhookOptions, WebhookEvent, WebhookSigning } from './webhooks/types.js';
export { verifyWebhook } from './webhooks/verify-webhook.js';
export { headerOf, WebhookVerificationError } from './webhooks/webhook-error.js';
