/**
 * The client's table of operations, keyed by the spec's operation ids (`OperationId` of
 * `@video-api/schema`): for each operation sent, its path in the generated `paths` (checked by the
 * compiler to be the path of that very operation) and how it may be retried; for each webhook, what
 * receives it. An operation added to the spec fails the type check here until the client handles it.
 */
import type { OperationId, operations, paths } from '@video-api/schema';

type Method = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The path of the generated `paths` under which operation `Id` sits; never for a webhook. */
type PathOf<Id extends OperationId> = {
  [P in keyof paths]: { [M in Method]: Same<paths[P][M], operations[Id]> extends true ? P : never }[Method];
}[keyof paths];

/** The ids of the operations the client sends (§4.1–§4.4): those the spec puts under a path. */
export type SentOperationId = {
  [Id in OperationId]: [PathOf<Id>] extends [never] ? never : Id;
}[OperationId];

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
