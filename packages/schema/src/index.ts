/**
 * @video-api/schema: the types of the video upload and custom fields API, generated from
 * spec/openapi.yaml, and the registry of what the interface document leaves unknown.
 *
 * @example
 * import type { Video, CustomFieldValue, paths } from '@video-api/schema';
 * import { unspecified, readingsOf } from '@video-api/schema';
 */
import type { components, operations, paths, webhooks } from './generated/types.js';

export type { components, operations, paths, webhooks };

type Schemas = components['schemas'];
/** Body of create (§4.1). */
export type CreateVideosRequest = Schemas['CreateVideosRequest'];
/** One video to create (§4.1). */
export type CreateVideoEntry = Schemas['CreateVideoEntry'];
/** The video record as returned by create (§2): key, title, primaryPlaybackUrl. */
export type CreatedVideo = Schemas['CreatedVideo'];
/** Playback information (§2). */
export type PlaybackUrl = Schemas['PlaybackUrl'];
/** HLS playback (§2). */
export type HlsPlayback = Schemas['HlsPlayback'];
/** The video record as returned by get and update (§2, §4.3): videoKey, simpleCustomFields. Open. */
export type Video = Schemas['Video'];
/**
 * Key/value map of custom fields to write (§4.4): values in the five JSON forms of §2, or null (what
 * null does is the `custom-field-null` unknown).
 */
export type SimpleCustomFields = Schemas['SimpleCustomFields'];
/**
 * Key/value map of all custom fields as a response holds it (§2, §4.3): open, since the list of
 * all field types is not shown, so each value is `unknown` until checked (e.g. `fieldKindOf`).
 */
export type ReadCustomFields = Schemas['ReadCustomFields'];
/** A custom field value as read: one of the forms of §2, null, or a form not listed (`unknown`). */
export type ReadCustomFieldValue = Schemas['ReadCustomFieldValue'];
/** A custom field value in one of the five JSON forms of §2. */
export type CustomFieldValue = Schemas['CustomFieldValue'];
/** Body of the custom-fields update (§4.4). */
export type UpdateCustomFieldsRequest = Schemas['UpdateCustomFieldsRequest'];
/** The id of one of the four operations. */
export type OperationId = keyof operations;

export * from './date-time.js';
export * from './error-detail.js';
export * from './field-kinds.js';
export type { PathOf, PathOperationId } from './operation-paths.js';
export * from './reading-choice.js';
export * from './report-readings.js';
export * from './retry-after.js';
export * from './unspecified.js';
export * from './video-states.js';
