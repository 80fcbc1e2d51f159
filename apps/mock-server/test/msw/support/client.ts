/**
 * The client of this repository, from its sources. The mock cannot list `@video-api/client` as a
 * dev dependency (the client's tests use the mock: a workspace cycle), so its tests reach it by
 * path, here only.
 */
export {
  createVideoApiClient,
  defineCustomFields,
  type UploadProgress,
  type Video,
} from '../../../../../packages/client/src/index.js';
export { createVideoApiClient as createNodeClient } from '../../../../../packages/client/src/node.js';
