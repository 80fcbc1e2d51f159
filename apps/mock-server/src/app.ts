/** createApp: the Hono app of the mock, its middleware, routes and control API. Never listens. */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { bearerToken } from './auth.js';
import { createControl } from './control.js';
import { createCore, type MockCore } from './core.js';
import { internalError, MockHttpError, renderError } from './errors.js';
import { ADMIN_PREFIX, mountExtras } from './extras.js';
import { isNetworkFault } from './faults/index.js';
import { operationIdOf, SPEC_OPERATIONS } from './operations.js';
import { resolveOptions } from './options.js';
import {
  parseReadingHeader,
  READING_REQUEST_HEADER,
  READINGS_RESPONSE_HEADER,
  ReadingError,
  RequestReadings,
} from './readings.js';
import { originOf, pathnameOf } from './request-url.js';
import { createVideosHandler } from './routes/create-videos.js';
import { getVideoHandler } from './routes/get-video.js';
import { updateCustomFieldsHandler } from './routes/update-custom-fields.js';
import { uploadVideoSourceHandler } from './routes/upload-video-source.js';
import { createMemoryStore } from './store/memory-store.js';
import { createSqliteStore } from './store/sqlite-store.js';
import type { MockApp, MockEnv, MockOptions } from './types.js';

function routes(app: Hono<MockEnv>, core: MockCore): void {
  // §4.1–§4.4
  app.post('/api/v1/videos', createVideosHandler(core));
  app.post('/api/upload/v1/form-data/videos/:videoKey', uploadVideoSourceHandler(core));
  app.get('/api/v1/videos/:videoKey', getVideoHandler(core));
  app.put('/api/v1/videos/:videoKey/custom-fields', updateCustomFieldsHandler(core));
}

/** The request's origin; a Host header that makes no valid URL is the client's error, not a 500. */
function originOfRequest(url: string): string {
  try {
    return originOf(url);
  } catch {
    throw new MockHttpError(
      400,
      'bad-host',
      'Invalid Host header',
      'The Host header does not name a valid host (a host name or address, optionally with :port).',
    );
  }
}

function middleware(app: Hono<MockEnv>, core: MockCore): void {
  const corsMiddleware = cors({
    origin: core.options.corsOrigins.includes('*') ? '*' : core.options.corsOrigins,
    credentials: false,
    allowHeaders: ['Authorization', 'Content-Type', 'X-Mock-Reading'],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    exposeHeaders: ['X-Mock-Readings', 'Retry-After', 'WWW-Authenticate', 'Content-Length'],
    maxAge: 600,
  });
  // CORS only for requests that carry Origin (browsers always send it cross-origin): cors sets its
  // headers before the handler, which makes @hono/node-server write every response through its
  // slower stream path; requests without Origin (curl, the client on Node) skip that cost.
  app.use('*', (c, next) => (c.req.header('origin') === undefined ? next() : corsMiddleware(c, next)));
  // Journal, log and X-Mock-Readings for every request.
  app.use('*', async (c, next) => {
    const started = performance.now();
    const url = c.req.url;
    const path = pathnameOf(url);
    core.origin = originOfRequest(url);
    c.set('readings', new RequestReadings(core.readings));
    c.set('operationId', operationIdOf(c.req.method, path));
    await next();
    const readings = c.get('readings');
    const played = readings.header();
    if (played !== '') c.res.headers.set(READINGS_RESPONSE_HEADER, played);
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const level = c.res.status >= 500 ? 'error' : 'info';
    const admin = path.startsWith(ADMIN_PREFIX);
    if (admin && !core.log.enabled(level)) return;
    const entry = {
      at: Date.now(),
      virtualAt: core.clock.now(),
      method: c.req.method,
      path,
      operationId: c.get('operationId'),
      status: c.res.status,
      readings: readings.played(),
      durationMs,
    };
    if (!admin) core.journal.record(entry);
    if (core.log.enabled(level)) {
      const { at, virtualAt, ...rest } = entry;
      const times = { time: new Date(at).toISOString(), virtualTime: core.clock.iso(virtualAt) };
      core.log(level, { msg: 'request', ...times, ...rest });
    }
  });
  // Readings of this request: X-Mock-Reading over the server's (not on the admin API).
  app.use('*', async (c, next) => {
    const header = c.req.header(READING_REQUEST_HEADER);
    if (header !== undefined && !c.req.path.startsWith(ADMIN_PREFIX)) {
      try {
        c.set('readings', new RequestReadings({ ...core.readings, ...parseReadingHeader(header) }));
      } catch (error) {
        if (!(error instanceof ReadingError)) throw error;
        throw new MockHttpError(400, 'bad-reading', 'Unknown reading', error.message);
      }
    }
    await next();
  });
  // Faults on demand (never on the admin API; the middleware skips /__mock itself).
  app.use('*', core.faults.middleware);
  // §8 rate limits, per token, on the four operations.
  app.use('/api/*', async (c, next) => {
    const operationId = c.get('operationId');
    if (operationId && (SPEC_OPERATIONS as readonly string[]).includes(operationId)) {
      if (c.get('readings').get('rate-limits') === '429-retry-after') {
        const result = bearerToken(c.req.header('authorization'));
        core.limiter.take('token' in result ? result.token : '(none)', core.clock.now());
      }
    }
    await next();
  });
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
  app.onError((error, c) => {
    if (isNetworkFault(error)) throw error; // in-process: app.fetch rejects, as fetch does on a reset or an abort
    const readings = c.get('readings') ?? new RequestReadings(core.readings);
    if (error instanceof MockHttpError) return renderError(error, readings);
    core.log('error', { msg: 'unhandled error', error: String(error), stack: (error as Error).stack });
    return renderError(internalError(), readings);
  });
  middleware(app, core);
  routes(app, core);
  const control = createControl(core);
  mountExtras(app, core, control);
  app.notFound((c) => {
    const readings = c.get('readings') ?? new RequestReadings(core.readings);
    return renderError(
      new MockHttpError(404, 'not-found', 'Not found', `No route matches ${c.req.method} ${c.req.path}.`),
      readings,
    );
  });
  return Object.assign(app, { mock: control });
}
