/**
 * Types of the fault injector: the rules an operator sets and the object the app uses.
 */
import type { MiddlewareHandler } from 'hono';
import type { MockEnv } from '../http/context.js';
import type { SharedFaultRules } from '../state/video-store.js';
import type { FaultRule } from './rule-schema.js';

export type { SharedFaultRules } from '../state/video-store.js';
export type { FaultRule } from './rule-schema.js';

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
   * Resolves once the last `set`, `add` or `clear` is kept where every process sees it and every
   * other process holds it (a shared store; at once otherwise). The admin API answers after it.
   */
  saved(): Promise<void>;
  /** Takes up the rules as the shared store holds them now (another process's change or use); nothing otherwise. */
  refresh(): Promise<void>;
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
  /** Rules kept in a store other processes share (every instance plays the same rules). */
  shared?: SharedFaultRules;
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
