/**
 * @video-api/client/node: what Node adds to the main entry: a client whose uploads also take file
 * paths, an upload transport on node:http that reports progress as bytes reach the socket, and a
 * JSON-file ledger. Everything else (errors, custom fields, webhooks) comes from `@video-api/client`.
 *
 * @example
 * import { createVideoApiClient } from '@video-api/client/node';
 * const client = createVideoApiClient({ baseUrl: 'http://localhost:4010', token: 'mock-token' });
 * const [video] = await client.createVideos({ projectKey: 'demo', videos: [{ title: 'clip' }] });
 * await client.uploadSource(video.key, 'clip.mp4', { onProgress: (p) => console.log(p.loaded, '/', p.total) });
 */
import { createVideoApiClient as createCoreClient } from './client.js';
import { InputError } from './errors.js';
import { type FileSource, isFileSource, prepareFile } from './node/file-source.js';
import { nodeHttpTransport } from './node/http-transport.js';
import { shown } from './shown.js';
import type { VideoApiClient, VideoApiClientOptions } from './types.js';
import { prepareSource } from './upload/source.js';
import { fetchTransport } from './upload/transport.js';
import type { UploadSource } from './upload/types.js';

export { jsonFileLedger } from './node/file-ledger.js';
export type { FileSource } from './node/file-source.js';
export { nodeHttpTransport } from './node/http-transport.js';

const describe = (value: unknown): string =>
  typeof value === 'object' && value !== null
    ? `an object with keys ${shown(Object.keys(value).join(', '))}`
    : shown(value);

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
    prepareSource: async (source, call) => {
      const own = await options.prepareSource?.(source, call);
      if (own) return own;
      if (isFileSource(source)) return prepareFile(source, call.filename, call.contentType);
      const found = prepareSource(source as UploadSource, call.filename, call.contentType);
      if (found) return found;
      // Worded for this entry: the main entry's message points here for file paths.
      throw new InputError(
        `uploadSource: source must be a file path or { path }, a Blob/File, an ArrayBuffer or typed array, or { stream, size }; got ${describe(source)}`,
        { operation: 'uploadVideoSource' },
      );
    },
  });
}
