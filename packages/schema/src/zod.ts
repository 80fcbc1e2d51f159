/**
 * Zod 4 schemas generated from the spec. Objects are open (`looseObject`) where the spec is open
 * and closed (`strictObject`) where it says `additionalProperties: false`.
 *
 * @example
 * import { zUpdateCustomFieldsRequest } from '@video-api/schema/zod';
 * const body = zUpdateCustomFieldsRequest.parse(await request.json());
 */

/**
 * Zod schemas of the bodies readings produce, keyed by unknown id and reading, generated from the
 * JSON Schemas of their meaning in the spec.
 *
 * @example
 * import { readingSchemas } from '@video-api/schema/zod';
 * readingSchemas['error-shape']['message-object'].safeParse({ message: 'No such video' }).success; // true
 */
export { readingSchemas } from './generated/reading-schemas.js';
export * from './generated/zod/zod.gen.js';
