/**
 * The `rate-limits: 429-retry-after` reading (§8): a fixed window per token on the virtual clock;
 * a request beyond the budget is answered 429 with `Retry-After` (seconds). The windows are this
 * process's, or a shared store's (every instance on one database counts in the same windows).
 */
import { HttpError } from './errors.js';

/** Counts a request of `who` in its window where every process sees it (a shared store's `countRequest`). */
export type SharedWindows = (
  who: string,
  now: number,
  windowMs: number,
) => Promise<{ start: number; count: number }>;

/**
 * Counts requests per token and window.
 *
 * @example
 * const limiter = new RateLimiter({ requests: 60, windowMs: 60_000 });
 * limiter.take('mock-token', clock.now()); // throws a 429 HttpError beyond the budget
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly budget: { requests: number; windowMs: number },
    readonly shared?: SharedWindows,
  ) {}

  /** Takes one request from `who`'s budget; throws (or, with shared windows, rejects with) the 429. */
  take(who: string, now: number): void | Promise<void> {
    if (this.shared)
      return this.shared(who, now, this.budget.windowMs).then((window) => this.#check(window, now));
    let window = this.#windows.get(who);
    if (!window || now - window.start >= this.budget.windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(who, window);
    }
    window.count += 1;
    this.#check(window, now);
  }

  #check(window: { start: number; count: number }, now: number): void {
    if (window.count <= this.budget.requests) return;
    const retryAfter = Math.max(1, Math.ceil((window.start + this.budget.windowMs - now) / 1000));
    throw new HttpError(429, {
      code: 'rate-limited',
      title: 'Too many requests',
      detail: `More than ${this.budget.requests} requests in ${this.budget.windowMs} ms for this token; retry after ${retryAfter} s.`,
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  clear(): void {
    this.#windows.clear();
  }
}
