/**
 * `createVideoApiClient`: the four operations of the interface document on openapi-fetch and the
 * generated types, with typed errors, timeouts, safe retries, uploads with progress, waiting for
 * readiness and batch uploads. The raw openapi-fetch client stays reachable as `client.raw`.
 */
import type { CreatedVideo, CreateVideosRequest, paths, SimpleCustomFields, Video } from '@video-api/schema';
import createClient from 'openapi-fetch';
import { uploadVideos } from './batch/upload-videos.js';
import { AuthError, InputError } from './errors.js';
import { type CallSettings, callWithRetry, mergeRetry } from './http/call.js';
import { jsonSender } from './http/json-call.js';
import { expectCreated, expectVideo } from './http/shapes.js';
import { sleep as defaultSleep } from './http/signals.js';
import type { CallOptions } from './http/types.js';
import { operationTable as routes, type SentOperationId } from './operations.js';
import type { VideoApiClient, VideoApiClientOptions } from './types.js';
import { defaultTransport } from './upload/default-transport.js';
import { fetchTransport } from './upload/transport.js';
import type { UploadOptions, UploadResult, UploadSource } from './upload/types.js';
import { sourceOf, uploadWith } from './upload/upload.js';
import { playlistMemory } from './wait/playlist-memory.js';
import { waitForReady } from './wait/wait-for-ready.js';

function checkKey(videoKey: string, operation: SentOperationId): string {
  if (typeof videoKey !== 'string' || videoKey === '') {
    throw new InputError(
      `${operation}: videoKey must be a non-empty string, got ${JSON.stringify(videoKey)}`,
      {
        operation,
      },
    );
  }
  return videoKey;
}

/** The URL without trailing slashes; InputError unless it parses as an http(s) URL. */
function checkUrl(name: string, value: unknown): string {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new InputError(
      `${name} must be an http(s) URL such as http://localhost:4010, got ${JSON.stringify(value)}`,
    );
  }
  return (value as string).replace(/\/+$/, '');
}

const hasAuthorization = (headers: Record<string, string> | undefined): boolean =>
  Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization');

/**
 * Creates a client.
 *
 * @example
 * import { createVideoApiClient } from '@video-api/client';
 * const client = createVideoApiClient({ baseUrl: 'http://localhost:4010', token: 'mock-token' });
 * const [video] = await client.createVideos({ projectKey: 'demo', videos: [{ title: 'Intro' }] });
 * await client.uploadSource(video.key, new Blob(['...']), { onProgress: (p) => console.log(p.loaded, p.total) });
 * await client.waitForReady(video.key);
 */
export function createVideoApiClient<Source = UploadSource>(
  options: VideoApiClientOptions,
): VideoApiClient<Source> {
  const baseUrl = checkUrl('baseUrl', options?.baseUrl);
  const uploadBaseUrl =
    options.uploadBaseUrl === undefined ? baseUrl : checkUrl('uploadBaseUrl', options.uploadBaseUrl);
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? defaultSleep;
  const baseRetry = options.retry ?? {};
  const playlists = playlistMemory();
  // A custom fetch is used for uploads too; else the runtime decides (README "Upload transports").
  const transport =
    options.uploadTransport ??
    (options.fetch === undefined ? defaultTransport(fetchImpl) : fetchTransport(fetchImpl));

  /** The token; a failing getToken becomes an AuthError (nothing was sent, so it is not retried). */
  async function tokenFor(operation: SentOperationId | undefined): Promise<string | undefined> {
    if (!options.getToken) return options.token;
    try {
      return await options.getToken();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AuthError(`${operation ?? 'request'}: getToken failed, nothing was sent (${reason})`, {
        operation,
        cause: error,
      });
    }
  }

  async function authHeaders(extra?: Record<string, string>): Promise<Headers> {
    const headers = new Headers(options.headers);
    const token = await tokenFor('uploadVideoSource');
    if (token) headers.set('Authorization', `Bearer ${token}`); // §5.1
    if (options.userAgent) headers.set('User-Agent', options.userAgent);
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
    return headers;
  }

  // Static headers are merged once, for `raw` and the operations; a middleware only for getToken.
  const staticHeaders: Record<string, string> = { ...options.headers };
  if (options.token && !options.getToken) staticHeaders.Authorization = `Bearer ${options.token}`; // §5.1
  if (options.userAgent) staticHeaders['User-Agent'] = options.userAgent;
  const raw = createClient<paths>({ baseUrl, fetch: fetchImpl, headers: staticHeaders });
  const getToken = options.getToken;
  if (getToken) {
    // For calls of `raw`: the four operations set the header themselves (see tokenHeaders).
    raw.use({
      async onRequest({ request }) {
        if (request.headers.has('authorization')) return request;
        const token = await tokenFor(undefined);
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        return request;
      },
    });
  }

  const send = jsonSender({ baseUrl, headers: staticHeaders, fetch: options.fetch });

  /**
   * The call's headers with a token from `getToken` (asked per attempt), unless the call names an
   * Authorization. Without a `getToken` the call's headers are used as they are, with no await.
   */
  const tokenHeaders = async (operation: SentOperationId, call: CallOptions) => {
    if (hasAuthorization(call.headers)) return call.headers;
    const token = await tokenFor(operation);
    return token ? { ...call.headers, Authorization: `Bearer ${token}` } : call.headers; // §5.1
  };

  /** Settings of one call of create, get or update; its retry kind comes from the operation table. */
  const settings = (operation: SentOperationId, call: CallOptions): CallSettings => {
    const kind = routes[operation].retry;
    return {
      operation,
      kind,
      timeoutMs: call.timeoutMs ?? options.timeoutMs ?? 30_000,
      retry: mergeRetry(kind === 'create' ? mergeRetry(baseRetry, { retries: 0 }) : baseRetry, call.retry),
      sleep,
    };
  };

  const client: VideoApiClient<Source> = {
    raw,
    baseUrl,
    uploadBaseUrl,

    // §4.1. Not idempotent: retried only after a 429 (a refusal, so nothing was created), and only
    // when the call asks for retries.
    async createVideos(body: CreateVideosRequest, call: CallOptions = {}): Promise<CreatedVideo[]> {
      if (!body || typeof body.projectKey !== 'string' || !Array.isArray(body.videos)) {
        throw new InputError('createVideos: body must be { projectKey: string, videos: [{ title }] }', {
          operation: 'createVideos',
        });
      }
      return callWithRetry(settings('createVideos', call), call, async (attempt) => {
        const { data, response } = await send(
          {
            operation: 'createVideos',
            method: 'POST',
            path: routes.createVideos.path,
            body,
            headers: getToken ? await tokenHeaders('createVideos', call) : call.headers,
          },
          attempt,
        );
        const created = expectCreated(data, body.videos.length, response);
        playlists.remember(created);
        return created;
      });
    },

    // §4.2
    async uploadSource(videoKey: string, source: Source, call: UploadOptions = {}): Promise<UploadResult> {
      checkKey(videoKey, 'uploadVideoSource');
      const prepared = await (options.prepareSource?.(source, call) ?? undefined);
      const path = routes.uploadVideoSource.path.replace('{videoKey}', encodeURIComponent(videoKey));
      const url = `${uploadBaseUrl}${path}`;
      const uploadRetry = mergeRetry(options.uploadRetry ?? false, call.retry);
      const callSettings: CallSettings = {
        operation: 'uploadVideoSource',
        kind: routes.uploadVideoSource.retry,
        timeoutMs: call.timeoutMs ?? options.uploadTimeoutMs ?? 3_600_000,
        retry: uploadRetry,
        sleep,
      };
      return uploadWith({
        transport,
        url,
        videoKey,
        source: source as UploadSource,
        prepared,
        call,
        settings: callSettings,
        authHeaders,
      });
    },

    // §4.3
    async getVideo(videoKey: string, call: CallOptions = {}): Promise<Video> {
      checkKey(videoKey, 'getVideo');
      const path = routes.getVideo.path.replace('{videoKey}', encodeURIComponent(videoKey));
      return callWithRetry(settings('getVideo', call), call, async (attempt) => {
        const { data, response } = await send(
          {
            operation: 'getVideo',
            method: 'GET',
            path,
            headers: getToken ? await tokenHeaders('getVideo', call) : call.headers,
          },
          attempt,
        );
        return expectVideo(data, 'getVideo', response);
      });
    },

    // §4.4. PUT with the whole set of given values: safe to repeat.
    async updateCustomFields(
      videoKey: string,
      fields: SimpleCustomFields,
      call: CallOptions = {},
    ): Promise<Video> {
      checkKey(videoKey, 'updateCustomFields');
      if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
        throw new InputError('updateCustomFields: fields must be an object of name/value pairs', {
          operation: 'updateCustomFields',
        });
      }
      const path = routes.updateCustomFields.path.replace('{videoKey}', encodeURIComponent(videoKey));
      return callWithRetry(settings('updateCustomFields', call), call, async (attempt) => {
        const { data, response } = await send(
          {
            operation: 'updateCustomFields',
            method: 'PUT',
            path,
            body: { simpleCustomFields: fields },
            headers: getToken ? await tokenHeaders('updateCustomFields', call) : call.headers,
          },
          attempt,
        );
        return expectVideo(data, 'updateCustomFields', response);
      });
    },

    waitForReady: (videoKey, waitOptions = {}) =>
      waitForReady(client, videoKey, {
        ...waitOptions,
        sleep: waitOptions.sleep ?? sleep,
        fetch: waitOptions.fetch ?? fetchImpl,
        playlistUrl: waitOptions.playlistUrl ?? playlists.get(videoKey),
      }),
    // Prepares without reading: a missing or unreadable file is refused before its create.
    async checkSource(source: Source): Promise<void> {
      sourceOf(source as UploadSource, await options.prepareSource?.(source, {}), {});
    },
    uploadVideos: (files, batchOptions) => uploadVideos(client, files, batchOptions),
  };
  return client;
}
