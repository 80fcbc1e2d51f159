/** Types of the client's options and results. API types come from @video-api/schema. */
import type { CreatedVideo, ReadCustomFields, SimpleCustomFields, Video } from '@video-api/schema';
import type { VideoApiError } from './errors.js';

/** The four operations of the interface document (§4.1–§4.4). */
export type OperationName = 'createVideos' | 'uploadVideoSource' | 'getVideo' | 'updateCustomFields';

export interface ErrorDetails {
  status?: number | undefined;
  headers?: Headers | undefined;
  rawBody?: string | undefined;
  body?: unknown;
  operation?: OperationName | undefined;
  attempts?: number | undefined;
  cause?: unknown;
}

/** How failed attempts are retried. Delays grow exponentially with jitter; Retry-After wins. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2 for get and update, 0 for uploads). */
  retries?: number | undefined;
  /** Delay cap of the first retry in ms (default 200). */
  minDelayMs?: number | undefined;
  /** Largest delay between attempts in ms (default 10 000). */
  maxDelayMs?: number | undefined;
  /** Growth of the delay cap per retry (default 2). */
  factor?: number | undefined;
  /** A Retry-After longer than this (ms) is not waited for: the error is thrown (default 60 000). */
  maxRetryAfterMs?: number | undefined;
  /** Random source in [0, 1) for the jitter (default Math.random); fixed in tests. */
  random?: (() => number) | undefined;
  /** Called before each retry with the error and the delay that follows. */
  onRetry?: ((info: { attempt: number; delayMs: number; error: VideoApiError }) => void) | undefined;
}

/** Options every call accepts. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Timeout of one attempt in ms; overrides the client's. */
  timeoutMs?: number | undefined;
  /** Retry settings for this call, or false for none; merged over the client's. */
  retry?: RetryOptions | false | undefined;
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
}

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

export type { CreatedVideo, ReadCustomFields, SimpleCustomFields, Video };
