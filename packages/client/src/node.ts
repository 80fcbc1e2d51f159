/**
 * @video-api/client/node: everything of the main entry, plus file-path uploads and an upload
 * transport on node:http that reports progress as bytes reach the socket.
 *
 * @example
 * import { createVideoApiClient } from '@video-api/client/node';
 * const client = createVideoApiClient({ baseUrl: 'http://localhost:4010', token: 'mock-token' });
 * const [video] = await client.createVideos({ projectKey: 'demo', videos: [{ title: 'clip' }] });
 * await client.uploadSource(video.key, 'clip.mp4', { onProgress: (p) => console.log(p.loaded, '/', p.total) });
 */
import { createVideoApiClient as createCoreClient } from './client.js';
import type { VideoApiClient, VideoApiClientOptions } from './client-types.js';
import { type FileSource, isFileSource, prepareFile } from './node/file-source.js';
import { nodeHttpTransport } from './node/http-transport.js';
import type { UploadSource } from './types.js';
import { fetchTransport } from './upload/transport.js';

export * from './index.js';
export { jsonFileLedger } from './node/file-ledger.js';
export { type FileSource, isFileSource, prepareFile } from './node/file-source.js';
export { nodeHttpTransport } from './node/http-transport.js';

/** What can be uploaded in Node: everything of the main entry, a file path, or `{ path }`. */
export type NodeUploadSource = UploadSource | string | FileSource;

/**
 * A client whose uploads also take file paths. Uploads go through node:http(s) unless a `fetch`
 * (e.g. an in-process app) or an `uploadTransport` is given.
 */
export function createVideoApiClient(options: VideoApiClientOptions): VideoApiClient<NodeUploadSource> {
  const fetchImpl = options.fetch;
  return createCoreClient<NodeUploadSource>({
    ...options,
    uploadTransport: options.uploadTransport ?? (fetchImpl ? fetchTransport(fetchImpl) : nodeHttpTransport),
    prepareSource: async (source, call) =>
      (await options.prepareSource?.(source, call)) ??
      (isFileSource(source) ? prepareFile(source, call.filename, call.contentType) : undefined),
  });
}
