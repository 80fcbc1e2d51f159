/**
 * Types of the fault injector: the rules an operator sets and the object the app uses.
 */
import type { MiddlewareHandler } from 'hono';
import type { MockEnv } from '../http/context.js';

/** A fixed-window rate limit that answers 429 with `Retry-After` once `limit` is passed. */
export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  /** Length of the window in milliseconds; the window starts at the first matching request. */
  windowMs: number;
  /** The value of the `Retry-After` header (seconds) on a 429. */
  retryAfterSeconds: number;
}

/**
 * One fault rule. Every field but `route` and `times` is an effect; a rule needs at least one.
 *
 * @example
 * const rule: FaultRule = { route: 'getVideo', errorRate: 0.5, errorStatus: 503, times: 10 };
 */
export interface FaultRule {
  /** An operationId (`getVideo`) or a path prefix starting with `/` (`/api/v1/videos`); absent = every route. */
  route?: string;
  /** Fixed delay before the request is handled (ms). */
  latencyMs?: number;
  /** Extra random delay, uniform in [0, latencyJitterMs] (ms), drawn from the seed. */
  latencyJitterMs?: number;
  /** Probability (0..1) that the request is answered with `errorStatus` instead of being handled. */
  errorRate?: number;
  /** Status of an injected error (400..599); default 500. Needs `errorRate`. */
  errorStatus?: number;
  /** A rate limit on the matching requests. */
  rateLimit?: RateLimitRule;
  /** Probability (0..1) that the connection is reset instead of answered. */
  resetRate?: number;
  /** The upload body is read at this many bytes per second (see `Faults.uploadReadRate`). */
  uploadBytesPerSecond?: number;
  /** Apply to the next N matching requests only, then the rule is removed. */
  times?: number;
}

/** The kinds of injected faults, as sent in the `X-Mock-Fault` header. */
export type FaultKind = 'error' | 'rate-limit' | 'reset';

/** The fault injector: rules, the middleware that plays them, and the upload read rate. */
export interface Faults {
  /** Replaces every rule and restarts the random sequence from the seed (a replay). */
  set(rules: FaultRule[]): void;
  /** Appends one rule. */
  add(rule: FaultRule): void;
  /** Removes every rule and restarts the random sequence from the seed. */
  clear(): void;
  /** The rules in force, in order, with `times` showing what is left. */
  list(): FaultRule[];
  /** Whether any rule is in force (without one, requests skip the middleware altogether). */
  active(): boolean;
  /**
   * Hono middleware; reads `c.get('operationId')` and `c.req.path`, sets `c.get('faultPlan')`.
   * Never touches the admin API.
   */
  middleware: MiddlewareHandler<MockEnv>;
  /**
   * Bytes per second at which to read the upload body of this operation, or undefined for full
   * speed: what `plan` (the request's `c.get('faultPlan')`) decided, else the first rule for it.
   */
  uploadReadRate(operationId: string, plan?: { uploadBytesPerSecond?: number }): number | undefined;
}

/** Options of `createFaults`. */
export interface FaultsOptions {
  /** Seed of the random draws (error rate, reset rate, jitter); default 1. */
  seed?: number;
  /** The clock of rate-limit windows (ms); default `Date.now`. */
  now?: () => number;
}

/** What the middleware decided for one request, drawn before anything waits. */
export interface FaultPlan {
  delayMs: number;
  reset: boolean;
  rateLimited?: { retryAfterSeconds: number; rule: FaultRule };
  error?: { status: number; rule: FaultRule };
  uploadBytesPerSecond?: number;
}
