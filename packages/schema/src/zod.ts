/**
 * Zod 4 schemas generated from the spec. Objects are open (`looseObject`) where the spec is open
 * and closed (`strictObject`) where it says `additionalProperties: false`.
 *
 * @example
 * import { zUpdateCustomFieldsRequest } from '@video-api/schema/zod';
 * const body = zUpdateCustomFieldsRequest.parse(await request.json());
 */
export * from './generated/zod/zod.gen.js';
