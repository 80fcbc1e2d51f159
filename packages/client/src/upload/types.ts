/** Types of uploads: sources, options, progress and results (§4.2). */
import type { Video } from '@video-api/schema';
import type { CallOptions } from '../http/types.js';

/** Progress of an upload: file bytes sent of the file's size. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 1 for the first attempt; grows when an upload is retried. */
  attempt: number;
}

export interface UploadOptions extends CallOptions {
  /** Called as bytes leave; the last event has `loaded === total`, once per attempt. */
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** File name sent in the multipart part (default: the File's name, else "upload.bin"). */
  filename?: string | undefined;
  /** Content type of the file part (default: the Blob's type, else application/octet-stream). */
  contentType?: string | undefined;
}

/** What an upload returns. The response body is unknown (§4.2), so it is returned as found. */
export interface UploadResult {
  videoKey: string;
  status: number;
  /** The body parsed as JSON, the text when it does not parse, undefined when empty. */
  body: unknown;
  /** The body when it is a video record (the mock's `video-record` reading), else undefined. */
  video: Video | undefined;
}

/** A stream of known size, for uploads of data that is not in a Blob or a file. */
export interface SizedStream {
  stream: ReadableStream<Uint8Array>;
  size: number;
  name?: string | undefined;
  type?: string | undefined;
}

/** What can be uploaded in every runtime. `@video-api/client/node` adds file paths. */
export type UploadSource = Blob | ArrayBuffer | ArrayBufferView | SizedStream;
