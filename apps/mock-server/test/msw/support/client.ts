/**
 * The client of this repository, from its sources. The mock cannot list `@video-api/client` as a
 * dev dependency (the client's tests use the mock: a workspace cycle), so its tests reach it by
 * path, here and in ./node-client.ts only. Web APIs only: the browser page bundles it.
 */
export {
  createVideoApiClient,
  defineCustomFields,
  fetchTransport,
  playlistUrl,
  type UploadProgress,
} from '../../../../../packages/client/src/index.js';
