/** createApp: the Hono app of the mock, its middleware, routes and control API. Never listens. */
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { createControl } from './control/control.js';
import { createCore, type MockCore } from './core.js';
import { internalError, MockHttpError, renderError } from './http/errors.js';
import { mountExtras } from './extras.js';
import { isNetworkFault } from './faults/index.js';
import { allowedMethods, methodNotAllowed } from './http/method-not-allowed.js';
import { resolveOptions } from './options.js';
import { RequestReadings } from './readings/request-readings.js';
import { type RequestPipeline, requestPipeline } from './http/pipeline.js';
import { respond } from './http/respond.js';
import { createVideosHandler } from './api/create-videos.js';
import { getVideoHandler } from './api/get-video.js';
import { updateCustomFieldsHandler } from './api/update-custom-fields.js';
import { uploadVideoSourceHandler } from './api/upload-video-source.js';
import { createMemoryStore } from './state/memory-store.js';
import { createSqliteStore } from './node/sqlite-store.js';
import type { MockApp, MockEnv, MockOptions } from './types.js';

function routes(app: Hono<MockEnv>, core: MockCore, wrap: RequestPipeline['wrap']): void {
  // §4.1–§4.4
  app.post('/api/v1/videos', wrap(createVideosHandler(core)));
  app.post('/api/upload/v1/form-data/videos/:videoKey', wrap(uploadVideoSourceHandler(core)));
  app.get('/api/v1/videos/:videoKey', wrap(getVideoHandler(core)));
  app.put('/api/v1/videos/:videoKey/custom-fields', wrap(updateCustomFieldsHandler(core)));
}

function pipeline(core: MockCore, onError: (error: Error, c: Context<MockEnv>) => Response): RequestPipeline {
  const corsMiddleware = cors({
    origin: core.options.corsOrigins.includes('*') ? '*' : core.options.corsOrigins,
    credentials: false,
    allowHeaders: ['Authorization', 'Content-Type', 'X-Mock-Reading'],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    exposeHeaders: ['X-Mock-Readings', 'Retry-After', 'WWW-Authenticate', 'Content-Length'],
    maxAge: 600,
  });
  return requestPipeline(core, corsMiddleware, onError);
}

/** The core of each app, for the server that serves it. */
const cores = new WeakMap<MockApp, MockCore>();

/**
 * The answer to a request that never reached `app` (Node could not parse it, or its Host or
 * target makes no URL): `error` in the app's error shape, per its readings.
 */
export function answerOutsideApp(app: MockApp, error: MockHttpError): Response {
  const core = cores.get(app);
  if (core) return renderError(error, new RequestReadings(core.readings));
  return new Response(JSON.stringify({ title: error.title, status: error.status, detail: error.detail }), {
    status: error.status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

/** Tells `app` the origin it is served at: the streaming base of events no request caused. */
export function setServedOrigin(app: MockApp, origin: string): void {
  const core = cores.get(app);
  if (core) core.origin = origin;
}

/**
 * Creates the mock app. It never listens: serve it with `startServer`, or call `app.request()`.
 *
 * @example
 * const app = createApp({ readings: { 'custom-fields-omitted': 'replace' } });
 * const res = await app.request('/api/v1/videos', {
 *   method: 'POST',
 *   headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
 *   body: JSON.stringify({ projectKey: 'demo', videos: [{ title: 'Opening keynote' }] }),
 * });
 * await app.mock.close();
 */
export function createApp(options: MockOptions = {}): MockApp {
  const resolved = resolveOptions(options);
  const store = resolved.dataDir === undefined ? createMemoryStore() : createSqliteStore(resolved.dataDir);
  const core = createCore(resolved, store);
  const app = new Hono<MockEnv>();
  const onError = (error: Error, c: Context<MockEnv>): Response => {
    if (isNetworkFault(error)) throw error; // in-process: app.fetch rejects, as fetch does on a reset or an abort
    const readings = c.get('readings') ?? new RequestReadings(core.readings);
    if (error instanceof MockHttpError) return renderError(error, readings);
    core.log('error', { msg: 'unhandled error', error: String(error), stack: error.stack });
    return renderError(internalError(), readings);
  };
  app.onError(onError);
  const { wrap, middleware } = pipeline(core, onError);
  routes(app, core, wrap);
  const control = createControl(core);
  mountExtras(app, core, control, { wrap, middleware });
  // Inside the pipeline, so the request's readings are set.
  const notFound = wrap((c) => {
    const allow = c.req.method === 'OPTIONS' ? allowedMethods(c.req.path) : undefined;
    if (allow) return respond(null, 204, c.get('readings'), undefined, { allow: allow.join(', ') });
    return renderError(
      methodNotAllowed(c.req.method, c.req.path) ??
        new MockHttpError(404, 'not-found', 'Not found', `No route matches ${c.req.method} ${c.req.path}.`),
      c.get('readings'),
    );
  });
  app.options('*', notFound); // CORS preflights (the pipeline answers them for requests with Origin)
  app.notFound((c) => notFound(c, async () => {}));
  const mockApp = Object.assign(app, { mock: control });
  cores.set(mockApp, core);
  return mockApp;
}
