/**
 * The client's table of operations, keyed by the spec's operation ids (`OperationId` of
 * `@video-api/schema`): for each operation sent, its path in the generated `paths` (checked by the
 * compiler to be the path of that very operation) and how it may be retried; for each webhook, what
 * receives it. An operation added to the spec fails the type check here until the client handles it.
 */
import type { OperationId, PathOf, PathOperationId } from '@video-api/schema';

/** The ids of the operations the client sends (§4.1–§4.4): those the spec puts under a path. */
export type SentOperationId = PathOperationId;

/** How an operation may be retried: `safe` (GET, PUT), `create` (only refusals), `upload` (opt-in). */
export type RetryKind = 'safe' | 'create' | 'upload';

/** What the client knows of one operation: a route and a retry kind, or what receives a webhook. */
type Handling<Id extends OperationId> = [PathOf<Id>] extends [never]
  ? { readonly receivedBy: 'verifyWebhook' }
  : { readonly path: PathOf<Id>; readonly retry: RetryKind };

/** Every operation of the spec, as the client handles it. */
export const operationTable = {
  // §4.1. Not idempotent: never a blind retry.
  createVideos: { path: '/api/v1/videos', retry: 'create' },
  // §4.2. A retry sends the whole file again: opt-in.
  uploadVideoSource: { path: '/api/upload/v1/form-data/videos/{videoKey}', retry: 'upload' },
  // §4.3
  getVideo: { path: '/api/v1/videos/{videoKey}', retry: 'safe' },
  // §4.4. A PUT of the whole set of given values: safe to repeat.
  updateCustomFields: { path: '/api/v1/videos/{videoKey}/custom-fields', retry: 'safe' },
  // §6. Received, not sent: `verifyWebhook` and `parseWebhookEvent` read its deliveries.
  videoReadinessWebhook: { receivedBy: 'verifyWebhook' },
} as const satisfies { readonly [Id in OperationId]: Handling<Id> };
