/**
 * What every request goes through around its route, in one middleware: its origin, operation and
 * readings (with `X-Mock-Reading`), the rate limit (§8), faults, and afterwards the journal, the
 * log and `X-Mock-Readings`. One layer rather than five: each layer of Hono middleware adds a
 * promise and a closure to every request.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { READING_REQUEST_HEADER, READINGS_RESPONSE_HEADER, ReadingError } from '../readings/choice.js';
import type { RequestReadings } from '../readings/request-readings.js';
import type { ServerReadings } from '../readings/server-readings.js';
import { limitsRate } from '../readings/switches.js';
import { CONSOLE_REQUEST_HEADER } from '../shared/console-request.js';
import type { Log } from '../shared/log.js';
import type { VirtualClock } from '../state/clock.js';
import type { Journal } from '../state/journal.js';
import { type KeptRequest, tappedAnswer, tappedBody } from '../state/journal-bodies.js';
import { StoreUnavailable } from '../state/store-unavailable.js';
import { bearerToken } from './auth.js';
import type { MockEnv } from './context.js';
import { badRequest } from './errors.js';
import { type Metrics, operationLabel } from './metrics.js';
import { mockError } from './mock-error.js';
import { isNetworkFault } from './network-fault.js';
import { isAdminPath, isSpecOperation, operationIdOf } from './operations.js';
import type { RateLimiter } from './rate-limit.js';
import { requestHeader } from './request-headers.js';
import { originOf, pathnameOf } from './request-url.js';

/** Longest a request waits for its state to take up the store before it is a 503. */
const WAIT_MS = 5000;

/** What the pipeline uses. */
export interface PipelineDeps {
  /**
   * What a request waits for before its handler runs, if anything: the state taking up its store
   * (at start, or after another process changed a shared one).
   */
  waiting(): Promise<void> | undefined;
  readings: ServerReadings;
  clock: VirtualClock;
  journal: Journal;
  limiter: RateLimiter;
  log: Log;
  /** Faults on demand, played around the handler while rules are set (src/faults). */
  faults: { active(): boolean; middleware: MiddlewareHandler<MockEnv> };
  /**
   * CORS, run around requests that carry Origin: of the public API and of the admin API. The
   * access guard (./access-guard.ts) has refused the origins neither answers before.
   */
  cors: { api: MiddlewareHandler<MockEnv>; admin: MiddlewareHandler<MockEnv> };
  /** Renders an error thrown before or by a handler. */
  onError: (error: Error, c: Context<MockEnv>) => Response;
  /** Told of every finished request, where the platform has metrics (src/http/metrics.ts). */
  metrics?: Metrics;
  /**
   * What an answer waits for once its handler made it, if anything: on a shared store, the events
   * the request caused being in the store (src/webhooks/event-queueing.ts), so none of a write
   * the client saw acknowledged is lost if this process is killed.
   */
  eventsQueued?(): Promise<void> | undefined;
}

/**
 * `answer` once the events being inserted when it is made are in the store (`queued()`): the
 * answer itself, with no promise added, when none is (a GET, or nothing registered to hear them).
 */
function afterEvents<T>(answer: T | Promise<T>, queued: () => Promise<void> | undefined): T | Promise<T> {
  const wait = (made: T): T | Promise<T> => {
    const inserting = queued();
    return inserting ? inserting.then(() => made) : made;
  };
  if (!(answer instanceof Promise)) return wait(answer);
  return answer.then(wait, (error: unknown) => {
    const inserting = queued();
    if (!inserting) throw error;
    return inserting.then(() => {
      throw error;
    });
  });
}

/** The request's origin; a Host header that makes no valid URL is the client's error, not a 500. */
function originOfRequest(url: string): string {
  try {
    return originOf(url);
  } catch {
    throw badRequest(
      'bad-host',
      'Invalid Host header',
      'The Host header does not name a valid host (a host name or address, optionally with :port).',
    );
  }
}

/** The readings of this request: the server's, with `X-Mock-Reading` over them (not on the admin API). */
function readingsOf(c: Context<MockEnv>, readings: ServerReadings, admin: boolean): RequestReadings {
  try {
    return readings.forRequest(admin ? undefined : requestHeader(c, READING_REQUEST_HEADER));
  } catch (error) {
    if (!(error instanceof ReadingError)) throw error;
    // The mock's own error, not the API's validation failure (./mock-error.ts).
    throw mockError('mock-header', 'Bad X-Mock-Reading header', error.message);
  }
}

/** §8: under the `429-retry-after` reading, each of the four operations takes from its token's budget. */
function takeRateLimit(
  c: Context<MockEnv>,
  deps: PipelineDeps,
  operationId: string | undefined,
): void | Promise<void> {
  if (!isSpecOperation(operationId)) return;
  if (!limitsRate[c.get('readings').get('rate-limits')]) return;
  const result = bearerToken(requestHeader(c, 'authorization'));
  return deps.limiter.take('token' in result ? result.token : '(none)', deps.clock.now());
}

/**
 * Journal entry, log line and metrics of a finished request. The journal keeps the request and the response
 * (or what the response was made from) by reference, no copy, for the bodies shown on demand;
 * admin requests are not kept.
 */
function record(
  c: Context<MockEnv>,
  { clock, journal, log, metrics }: PipelineDeps,
  path: string,
  admin: boolean,
  started: number,
  response: Response,
): void {
  const readings = c.get('readings');
  const status = response.status;
  if (metrics !== undefined) {
    const operation = operationLabel(c.get('operationId'), path, admin, c.get('unjournalled') === true);
    metrics.observe(operation, status, (performance.now() - started) / 1000);
  }
  const level = status >= 500 ? 'error' : 'info';
  const logged = log.enabled(level);
  if (admin && !logged) return;
  const entry = {
    at: Date.now(),
    virtualAt: clock.now(),
    method: c.req.method,
    path,
    operationId: c.get('operationId'),
    status,
    readings: readings.header(),
    durationMs: Math.round((performance.now() - started) * 10) / 10,
  };
  // Served over a socket, the header lines and body text rather than the Request; what a response was made
  // from, where respond() tapped it, rather than the Response (state/journal-bodies.ts).
  if (!admin && !consoleOwn(c))
    journal.bodies.keep(journal.record(entry), keptRequest(c), tappedAnswer(response) ?? response);
  if (logged) {
    const { at, virtualAt, method, operationId, durationMs } = entry;
    const virtualTime = clock.iso(virtualAt);
    log.request(level, { at, virtualTime, method, path, operationId, status, readings, durationMs });
  }
}

/** The console's own requests, which the journal leaves out: its page (its route marks it) and its script's calls. */
const consoleOwn = (c: Context<MockEnv>): boolean =>
  c.get('unjournalled') === true || requestHeader(c, CONSOLE_REQUEST_HEADER) !== undefined;

/** What the journal keeps of the request: served over a socket, its header lines and body text only. */
function keptRequest(c: Context<MockEnv>): Request | KeptRequest {
  const host = c.env?.host;
  return host === undefined ? c.req.raw : { rawHeaders: host.rawHeaders, body: tappedBody(c.req.raw) };
}

/** Names the readings played (if the answer does not yet) and journals the request. */
function finish(
  c: Context<MockEnv>,
  deps: PipelineDeps,
  path: string,
  admin: boolean,
  started: number,
  answer: Response | undefined,
): Response {
  const response = answer ?? c.res;
  const readings = c.get('readings');
  if (readings.unsealed()) {
    const played = readings.header();
    response.headers.set(READINGS_RESPONSE_HEADER, played);
    const answer = tappedAnswer(response);
    if (answer) answer.headers[READINGS_RESPONSE_HEADER] = played; // what the journal shows
  }
  record(c, deps, path, admin, started, response);
  return response;
}

/** A route handler: answers at once or later; `next()` falls through to the not-found answer. */
export type RouteHandler = (c: Context<MockEnv>, next: Next) => Response | Promise<Response | undefined>;

/** The pipeline: `wrap` puts a route handler inside it, `middleware` is the same for routes mounted whole. */
export interface RequestPipeline {
  wrap(handler: RouteHandler): WrappedHandler;
  middleware: MiddlewareHandler<MockEnv>;
}

/** A handler inside the pipeline: always answers (a not-found fall-through included). */
type WrappedHandler = (c: Context<MockEnv>, next: Next) => Response | Promise<Response>;

/**
 * The pipeline around every route. It wraps each handler rather than running as Hono middleware:
 * with no middleware in front of a route, Hono calls the handler directly, and a handler that
 * answers at once (GET video) is written by @hono/node-server at once, without a promise chain per
 * request. `cors` runs around it for requests that carry Origin (browsers always send it
 * cross-origin; it answers preflights itself). `onError` renders an error thrown before or by
 * the handler (a bad Host, a bad reading header, a rate limit, a 404), so every request is
 * journalled with the status it got.
 *
 * @example
 * const pipeline = requestPipeline({ readings, clock, journal, limiter, log, faults, cors, onError });
 * app.get('/api/v1/videos/:videoKey', pipeline.wrap(getVideo));
 */
export function requestPipeline(deps: PipelineDeps): RequestPipeline {
  const { cors, faults, onError } = deps;
  const failed = (c: Context<MockEnv>, error: unknown): Response => {
    if (!(error instanceof Error) || isNetworkFault(error)) throw error;
    if (c.get('readings') === undefined) c.set('readings', deps.readings.forRequest());
    return onError(error, c);
  };

  const run = (c: Context<MockEnv>, next: Next, handler: RouteHandler): Response | Promise<Response> => {
    const started = performance.now();
    c.set('pipelined', true);
    const url = c.req.url;
    const prefix = c.env?.pathPrefix;
    const path = prefix === undefined ? pathnameOf(url) : pathnameOf(url).slice(prefix.length) || '/';
    const operationId = operationIdOf(c.req.method, path);
    c.set('operationId', operationId);
    const admin = isAdminPath(path);
    let answer: Response | undefined | Promise<Response | undefined>;
    try {
      if (c.env?.refusal) throw c.env.refusal;
      c.set('origin', c.env?.servedBase ?? originOfRequest(url));
      c.set('readings', readingsOf(c, deps.readings, admin));
      const counted = takeRateLimit(c, deps, operationId);
      const waiting = deps.waiting();
      if (counted)
        answer = afterWaiting(
          waiting ? Promise.all([waiting, counted]).then(() => {}) : counted,
          c,
          next,
          handler,
        );
      else if (waiting) answer = afterWaiting(waiting, c, next, handler);
      else answer = faults.active() ? withFaults(c, next, handler) : handler(c, next);
    } catch (error) {
      answer = failed(c, error);
    }
    const { eventsQueued } = deps;
    // a failed answer too: its handler may have committed a write, and emitted its events, first
    if (eventsQueued) answer = afterEvents(answer, eventsQueued);
    if (!(answer instanceof Promise)) return finish(c, deps, path, admin, started, answer);
    return answer.then(
      (late) => finish(c, deps, path, admin, started, late),
      (error: unknown) => finish(c, deps, path, admin, started, failed(c, error)),
    );
  };

  /**
   * A request that came while the state takes up its store: it waits, then runs as the others;
   * at most WAIT_MS (a database still unreachable at start is a prompt 503, not a hang).
   */
  const afterWaiting = async (
    waiting: Promise<void>,
    c: Context<MockEnv>,
    next: Next,
    handler: RouteHandler,
  ) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new StoreUnavailable('the mock is taking up its state and waits for its database', 1)),
        WAIT_MS,
      );
    });
    try {
      await Promise.race([waiting, bound]);
    } finally {
      clearTimeout(timer);
    }
    return faults.active() ? withFaults(c, next, handler) : handler(c, next);
  };

  /** Faults on demand (delays, errors, resets): the async path, taken only while rules are set. */
  const withFaults = async (c: Context<MockEnv>, next: Next, handler: RouteHandler): Promise<Response> => {
    const answer = await faults.middleware(c, async () => {
      c.res = (await handler(c, next)) ?? c.res;
    });
    return answer instanceof Response ? answer : c.res;
  };

  const wrap =
    (handler: RouteHandler): WrappedHandler =>
    (c, next) => {
      // The not-found answer of a route that fell through (`next()`), already inside the pipeline.
      if (c.get('pipelined')) return handler(c, next) as Response | Promise<Response>;
      if (requestHeader(c, 'origin') === undefined) return run(c, next, handler);
      const corsOf = isAdminPath(c.req.path) ? cors.admin : cors.api;
      return (async () => {
        let answered: Response | undefined;
        const preflight = await corsOf(c, async () => {
          answered = await run(c, next, handler);
          c.res = answered;
        });
        if (preflight instanceof Response) return preflight;
        // The CORS headers went onto a copy of the answer: the journal shows them too.
        const kept = answered && tappedAnswer(answered);
        if (kept)
          c.res.headers.forEach((value, name) => {
            kept.headers[name] = value;
          });
        return c.res;
      })();
    };

  const mounted = wrap(async (c, next) => {
    await next();
    return c.res;
  });
  return { wrap, middleware: async (c, next) => mounted(c, next) };
}
