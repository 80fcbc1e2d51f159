/**
 * What every request goes through around its route, in one middleware: its origin, operation and
 * readings (with `X-Mock-Reading`), the rate limit (§8), faults, and afterwards the journal, the
 * log and `X-Mock-Readings`. One layer rather than five: each layer of Hono middleware adds a
 * promise and a closure to every request.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bearerToken } from './auth.js';
import type { MockCore } from './core.js';
import { MockHttpError } from './errors.js';
import { ADMIN_PREFIX } from './extras.js';
import { isNetworkFault } from './faults/index.js';
import { operationIdOf, SPEC_OPERATIONS } from './operations.js';
import {
  parseReadingHeader,
  READING_REQUEST_HEADER,
  READINGS_RESPONSE_HEADER,
  ReadingError,
  RequestReadings,
} from './readings.js';
import { requestHeader } from './request-headers.js';
import { originOf, pathnameOf } from './request-url.js';
import type { MockEnv } from './types.js';

const SPEC_OPERATION_IDS: ReadonlySet<string> = new Set(SPEC_OPERATIONS);

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

/** The readings of this request: the server's, with `X-Mock-Reading` over them (not on the admin API). */
function readingsOf(c: Context<MockEnv>, core: MockCore, admin: boolean): RequestReadings {
  const header = admin ? undefined : requestHeader(c, READING_REQUEST_HEADER);
  if (header === undefined) return new RequestReadings(core.readings);
  try {
    return new RequestReadings({ ...core.readings, ...parseReadingHeader(header) });
  } catch (error) {
    if (!(error instanceof ReadingError)) throw error;
    throw new MockHttpError(400, 'bad-reading', 'Unknown reading', error.message);
  }
}

/** §8: under the `429-retry-after` reading, each of the four operations takes from its token's budget. */
function takeRateLimit(c: Context<MockEnv>, core: MockCore, operationId: string | undefined): void {
  if (operationId === undefined || !SPEC_OPERATION_IDS.has(operationId)) return;
  if (c.get('readings').get('rate-limits') !== '429-retry-after') return;
  const result = bearerToken(requestHeader(c, 'authorization'));
  core.limiter.take('token' in result ? result.token : '(none)', core.clock.now());
}

/** Journal entry and log line of a finished request. */
function record(c: Context<MockEnv>, core: MockCore, path: string, admin: boolean, started: number): void {
  const readings = c.get('readings');
  const status = c.res.status;
  const level = status >= 500 ? 'error' : 'info';
  const logged = core.log.enabled(level);
  if (admin && !logged) return;
  const entry = {
    at: Date.now(),
    virtualAt: core.clock.now(),
    method: c.req.method,
    path,
    operationId: c.get('operationId'),
    status,
    readings: readings.header(),
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  };
  if (!admin) core.journal.record(entry);
  if (logged) {
    const { at, virtualAt, ...rest } = entry;
    const times = { time: new Date(at).toISOString(), virtualTime: core.clock.iso(virtualAt) };
    core.log(level, { msg: 'request', ...times, ...rest, readings: readings.played() });
  }
}

/**
 * The pipeline middleware. `cors` runs around it for requests that carry Origin (browsers always
 * send it cross-origin; it answers preflights itself). `onError` renders an error thrown before
 * the route (a bad Host, a bad reading header, a rate limit), so that such requests are
 * journalled like any other.
 *
 * @example
 * app.use('*', requestPipeline(core, cors({ origin: '*' }), (error, c) => renderError(...)));
 */
export function requestPipeline(
  core: MockCore,
  cors: MiddlewareHandler<MockEnv>,
  onError: (error: Error, c: Context<MockEnv>) => Response,
): MiddlewareHandler<MockEnv> {
  const run = async (c: Context<MockEnv>, next: Next): Promise<void> => {
    const started = performance.now();
    const url = c.req.url;
    const path = pathnameOf(url);
    const operationId = operationIdOf(c.req.method, path);
    c.set('operationId', operationId);
    const admin = path.startsWith(ADMIN_PREFIX);
    try {
      const origin = originOfRequest(url);
      core.origin = origin;
      c.set('origin', origin);
      c.set('readings', readingsOf(c, core, admin));
      takeRateLimit(c, core, operationId);
      const answer = await core.faults.middleware(c, next);
      if (answer instanceof Response) c.res = answer;
    } catch (error) {
      if (!(error instanceof Error) || isNetworkFault(error)) throw error;
      if (c.get('readings') === undefined) c.set('readings', new RequestReadings(core.readings));
      c.res = onError(error, c);
    }
    const readings = c.get('readings');
    if (readings.unsealed()) c.res.headers.set(READINGS_RESPONSE_HEADER, readings.header());
    record(c, core, path, admin, started);
  };
  // CORS only for requests that carry Origin: it sets its headers before the handler, which makes
  // @hono/node-server write the response through its slower stream path.
  return (c, next) => (requestHeader(c, 'origin') === undefined ? run(c, next) : cors(c, () => run(c, next)));
}
