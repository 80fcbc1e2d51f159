/**
 * msw request handlers that serve the whole stateful mock under a base URL, in the process of the
 * code under test (msw's `setupServer` in Node, `setupWorker` in a browser): no port. Imports
 * nothing of Node; msw is a peer dependency (2.x or 3.x).
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { videoApiHandlers } from '@video-api/mock-server/msw';
 * const { handlers, mock } = videoApiHandlers({ baseUrl: 'https://api.example.test', realTimeClock: false });
 * const server = setupServer(...handlers);
 * server.listen();
 */
import type { ReadingChoice } from '@video-api/schema';
import { type HttpHandler, http } from 'msw';
import { createApp, setServedOrigin } from './app.js';
import { isNetworkFault } from './http/network-fault.js';
import { type Mount, mountAt, pathUnder } from './msw/mount.js';
import { OptionError } from './options.js';
import { webPlatform } from './platform.js';
import type { MockApp, MockControl, MockOptions } from './types.js';

/** Options of `videoApiHandlers`: where to serve, and those of `createApp` that apply in memory. */
export interface VideoApiHandlersOptions
  extends Omit<MockOptions, 'dataDir' | 'readings' | 'allowedHosts' | DatabaseOption> {
  /**
   * Where the mock is served: an absolute http(s) URL, optionally with a path prefix
   * (`https://api.example.test/video`). Only requests under it are handled; the others go on to
   * msw's other handlers or the network. In a page, a path (`/video`) means the page's origin.
   */
  baseUrl: string;
  /** Readings the server plays (over the spec's `mock` defaults), or `'random'` (drawn from `seed`). */
  readings?: ReadingChoice | 'random';
}

/** The handlers, and the mock they serve. */
export interface VideoApiHandlers {
  /** Pass them to `setupServer(...handlers)`, `setupWorker(...handlers)` or `server.use(...handlers)`. */
  handlers: HttpHandler[];
  /** The in-process control: seed, advance the clock, readings, faults, journal, reset, close. */
  mock: MockControl;
  /** The Hono app behind the handlers (its `fetch` answers requests whose URL is at the origin). */
  app: MockApp;
  /** `baseUrl` as served: absolute, without a trailing slash. */
  baseUrl: string;
}

/** The options of a shared database, which msw's in-memory mock does not take. */
const DATABASE_OPTIONS = ['databaseUrl', 'databasePoolSize', 'databaseStatementTimeoutMs'] as const;
type DatabaseOption = (typeof DATABASE_OPTIONS)[number];

/** Every option, so that a misspelt one (`baseURL`) is refused rather than ignored. */
const OPTIONS: Record<keyof VideoApiHandlersOptions, true> = {
  baseUrl: true,
  tokens: true,
  projects: true,
  memoryUploadBytes: true,
  streamingBase: true,
  processingMs: true,
  readings: true,
  readingsFrom: true,
  seed: true,
  maxUploadBytes: true,
  failureRate: true,
  logLevel: true,
  logger: true,
  logFormat: true,
  webhooks: true,
  webhookSecret: true,
  webhookRetry: true,
  adminToken: true,
  admin: true,
  corsOrigins: true,
  adminCorsOrigins: true,
  allowWebhookTargets: true,
  rateLimit: true,
  maxFieldLength: true,
  maxVideosPerCreate: true,
  maxCustomFields: true,
  maxRecordBytes: true,
  realTimeClock: true,
  maxSandboxes: true,
};

function checkNames(options: object): void {
  const accepted = Object.keys(OPTIONS);
  for (const name of Object.keys(options)) {
    if (Object.hasOwn(OPTIONS, name)) continue;
    if (name === 'dataDir' || DATABASE_OPTIONS.includes(name as DatabaseOption)) {
      throw new OptionError(
        `${name}: not accepted by videoApiHandlers (under msw videos and uploads live in memory; a data dir or a database needs the Node server: startServer or the CLI)`,
      );
    }
    const near = accepted.find((option) => option.toLowerCase() === name.toLowerCase());
    throw new OptionError(
      `${name}: not an option of videoApiHandlers (${near ? `did you mean ${near}? ` : ''}accepted: ${accepted.join(', ')})`,
    );
  }
}

/** A handler for every request under `mount` (or under `mount` + one of `under`), answered by `app`. */
function handlerAt(app: MockApp, mount: Mount, ...under: string[]): HttpHandler {
  const env = { servedBase: mount.base };
  return http.all(mount.pattern(...under), async ({ request }) => {
    const path = pathUnder(mount, request.url);
    // Without a prefix the request reaches the app as it is; with one, at the path below it.
    const inner =
      path === undefined
        ? request
        : new Request(path, {
            method: request.method,
            headers: request.headers,
            body: request.body,
            signal: request.signal,
            duplex: 'half',
          } as RequestInit & { duplex: 'half' });
    try {
      return await app.fetch(inner, env);
    } catch (error) {
      // An injected connection reset: the caller's fetch (or XMLHttpRequest) fails as on the network.
      if (isNetworkFault(error)) return Response.error();
      throw error;
    }
  });
}

/**
 * msw request handlers that serve the whole mock under `baseUrl`: the four operations, playback,
 * `/openapi.json` and the admin API (`/__mock/…`), with the lifecycle on the mock's virtual clock;
 * sandboxes under `baseUrl/sandboxes/{name}/` or with `X-Mock-Sandbox` (`mock.sandboxes`).
 * Addresses the mock answers with (playback, the servers of `/openapi.json`) point under
 * `baseUrl`, or under `streamingBase` when given (its `/hls/` paths are served too). Throws an
 * `OptionError` at once for a bad option, naming it and what is accepted.
 *
 * @example
 * const { handlers, mock } = videoApiHandlers({ baseUrl: 'https://api.example.test/video' });
 * const server = setupServer(...handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * await mock.seed([{ title: 'Opening keynote', phase: 'ready' }]);
 * await fetch('https://api.example.test/video/api/v1/videos/v-0001', {
 *   headers: { authorization: 'Bearer mock-token' },
 * });
 * afterEach(() => mock.reset());
 * afterAll(async () => { server.close(); await mock.close(); });
 */
export function videoApiHandlers(options: VideoApiHandlersOptions): VideoApiHandlers {
  if (typeof options !== 'object' || options === null) {
    throw new OptionError(
      `videoApiHandlers: ${String(options)} is not accepted (an options object with at least baseUrl)`,
    );
  }
  checkNames(options);
  const { baseUrl, ...mockOptions } = options;
  const mount = mountAt('baseUrl', baseUrl);
  const streaming =
    mockOptions.streamingBase === undefined ? undefined : mountAt('streamingBase', mockOptions.streamingBase);
  // No network: only the page or process under test reaches the handlers, so any origin may.
  const app = createApp(
    { corsOrigins: ['*'], adminCorsOrigins: ['*'], ...mockOptions, streamingBase: streaming?.base },
    webPlatform(),
  );
  setServedOrigin(app, mount.base); // the base of events no request caused (the clock's)
  const handlers = [handlerAt(app, mount)];
  // Playback under its own base first: it may lie under baseUrl. A sandbox's is under its prefix.
  if (streaming && streaming.base !== mount.base)
    handlers.unshift(handlerAt(app, streaming, '/hls/', '/sandboxes/'));
  return { handlers, mock: app.mock, app, baseUrl: mount.base };
}

export { type MockConsole, type OpenConsoleOptions, openConsole } from './msw/console.js';
export { DEFAULT_TOKEN, OptionError } from './options.js';
export { READING_REQUEST_HEADER, READINGS_RESPONSE_HEADER } from './readings/choice.js';
export type { MockApp, MockControl, MockOptions, SeedVideo, VideoEvent } from './types.js';
