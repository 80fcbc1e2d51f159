/** The client's types: `VideoApiClient` (its methods) and `VideoApiClientOptions`. */
import type { CreatedVideo, CreateVideosRequest, paths, SimpleCustomFields, Video } from '@video-api/schema';
import type { Client } from 'openapi-fetch';
import type { BatchFile, BatchOptions, BatchResult } from './batch/types.js';
import type { CallOptions, RetryOptions } from './http/types.js';
import type { PreparedSource } from './upload/source.js';
import type { UploadTransport } from './upload/transport.js';
import type { UploadOptions, UploadResult, UploadSource } from './upload/types.js';
import type { WaitOptions } from './wait/types.js';

export interface VideoApiClientOptions {
  /** The service's base address ({base_url}), e.g. http://localhost:4010. */
  baseUrl: string;
  /**
   * Base address of the upload endpoint. The document does not show the upload host (§4.2,
   * unknown `upload-host`), so it defaults to `baseUrl`; set it when the service uploads elsewhere.
   */
  uploadBaseUrl?: string | undefined;
  /** Access token sent as `Authorization: Bearer <token>` (§5). */
  token?: string | undefined;
  /**
   * Returns the token per request (e.g. to refresh it); wins over `token`. When it throws, the call
   * fails with an `AuthError` (no status, the thrown error as `cause`) and is not retried: nothing
   * was sent.
   */
  getToken?: (() => string | undefined | Promise<string | undefined>) | undefined;
  /** fetch to use (default globalThis.fetch), e.g. `async (req) => app.fetch(req)` for an in-process app. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** Timeout of one attempt of create, get and update in ms (default 30 000). */
  timeoutMs?: number | undefined;
  /** Timeout of one upload attempt in ms (default 3 600 000). */
  uploadTimeoutMs?: number | undefined;
  /** Retries of get and update (default 2 retries); `false` for none. Create never retries blindly. */
  retry?: RetryOptions | false | undefined;
  /** Retries of uploads: off unless given (a retried upload sends the whole file again). */
  uploadRetry?: RetryOptions | false | undefined;
  /** User-Agent sent where the runtime allows it (not in browsers). */
  userAgent?: string | undefined;
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined;
  /**
   * How upload bodies are sent (default: a real browser's XMLHttpRequest, else streamed fetch,
   * also under jsdom and happy-dom; why: the README's "Upload transports").
   */
  uploadTransport?: UploadTransport | undefined;
  /** Turns sources this runtime adds (e.g. file paths in Node) into prepared sources. */
  prepareSource?:
    | ((
        source: unknown,
        options: UploadOptions,
      ) => PreparedSource | undefined | Promise<PreparedSource | undefined>)
    | undefined;
  /** Waits between retries and polls; replace it to drive time yourself (tests). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

export interface VideoApiClient<Source = UploadSource> {
  /** The openapi-fetch client, typed by @video-api/schema, with auth applied; it does not throw on errors. */
  raw: Client<paths>;
  baseUrl: string;
  uploadBaseUrl: string;
  /** Creates video records (§4.1); one element per requested video. */
  createVideos(body: CreateVideosRequest, options?: CallOptions): Promise<CreatedVideo[]>;
  /** Uploads the source file of one video (§4.2). */
  uploadSource(videoKey: string, source: Source, options?: UploadOptions): Promise<UploadResult>;
  /** Gets a video (§4.3). */
  getVideo(videoKey: string, options?: CallOptions): Promise<Video>;
  /** Writes custom fields (§4.4). */
  updateCustomFields(videoKey: string, fields: SimpleCustomFields, options?: CallOptions): Promise<Video>;
  /** Polls until the video is ready; see `waitForReady`. */
  waitForReady(videoKey: string, options?: WaitOptions): Promise<Video>;
  /**
   * Throws an InputError when `source` cannot be uploaded (a missing, unreadable or non-file path,
   * a source of no known kind); reads nothing. `uploadVideos` calls it before each create.
   */
  checkSource(source: Source): Promise<void>;
  /** Creates, uploads and optionally waits for many files; see `uploadVideos`. */
  uploadVideos(files: BatchFile<Source>[], options: BatchOptions): Promise<BatchResult<Source>[]>;
}
