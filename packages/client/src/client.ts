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
import { errorFromResponse } from './http/response-error.js';
import { expectCreated, expectVideo } from './http/shapes.js';
import { type AttemptSignal, sleep as defaultSleep } from './http/signals.js';
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

  // Static headers go straight into openapi-fetch; a middleware is added only for getToken.
  const staticHeaders: Record<string, string> = { ...options.headers };
  if (options.token && !options.getToken) staticHeaders.Authorization = `Bearer ${options.token}`; // §5.1
  if (options.userAgent) staticHeaders['User-Agent'] = options.userAgent;
  const raw = createClient<paths>({ baseUrl, fetch: fetchImpl, headers: staticHeaders });
  const getToken = options.getToken;
  if (getToken) {
    // For calls of `raw`: the four operations set the header themselves (see attemptInit).
    raw.use({
      async onRequest({ request }) {
        if (request.headers.has('authorization')) return request;
        const token = await tokenFor(undefined);
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        return request;
      },
    });
  }

  /**
   * What openapi-fetch needs for one attempt: its signal, the call's headers, and a fetch that
   * turns every non-2xx response, empty body or not, into a typed error. `signal` is the attempt's
   * (undefined when nothing can abort it).
   *
   * With global fetch the signal is handed to fetch itself, not to openapi-fetch: fetch copies the
   * Request it gets, and on Node 20 every Request that follows a signal costs about 20 µs, so one
   * copy follows it instead of two. A custom fetch (an in-process app, a proxy) gets a Request
   * that carries the signal, and the call also races it: such a fetch may not honour the signal.
   */
  const attemptInit = async (
    operation: SentOperationId,
    call: CallOptions,
    signal: AbortSignal | undefined,
    race: AttemptSignal['race'],
  ) => {
    let headers = call.headers;
    if (getToken && !hasAuthorization(headers)) {
      const token = await tokenFor(operation);
      if (token) headers = { ...headers, Authorization: `Bearer ${token}` }; // §5.1
    }
    const custom = options.fetch;
    const send: (request: Request) => Promise<Response> =
      custom === undefined
        ? (request) => globalThis.fetch(request, signal && { signal })
        : (request) => race(custom(request));
    // Spread only when defined: a consumer compiling this source under exactOptionalPropertyTypes
    // (through the @video-api/source condition) must not see `headers: undefined`.
    const attemptSignal = custom === undefined ? undefined : signal;
    return {
      ...(attemptSignal && { signal: attemptSignal }),
      ...(headers && { headers }),
      fetch: async (request: Request) => {
        const response = await send(request);
        if (!response.ok) throw await errorFromResponse(response, operation);
        return response;
      },
    };
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
      return callWithRetry(settings('createVideos', call), call, async (signal, _n, race) => {
        const { data, response } = await raw.POST(routes.createVideos.path, {
          body,
          ...(await attemptInit('createVideos', call, signal, race)),
        });
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
      return callWithRetry(settings('getVideo', call), call, async (signal, _n, race) => {
        const { data, response } = await raw.GET(routes.getVideo.path, {
          params: { path: { videoKey } },
          ...(await attemptInit('getVideo', call, signal, race)),
        });
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
      return callWithRetry(settings('updateCustomFields', call), call, async (signal, _n, race) => {
        const { data, response } = await raw.PUT(routes.updateCustomFields.path, {
          params: { path: { videoKey } },
          body: { simpleCustomFields: fields },
          ...(await attemptInit('updateCustomFields', call, signal, race)),
        });
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
