/**
 * The `rate-limits: 429-retry-after` reading (§8): a fixed window per token on the virtual clock;
 * a request beyond the budget is answered 429 with `Retry-After` (seconds).
 */
import { HttpError } from './errors.js';

/**
 * Counts requests per token and window.
 *
 * @example
 * const limiter = new RateLimiter({ requests: 60, windowMs: 60_000 });
 * limiter.take('mock-token', clock.now()); // throws a 429 HttpError beyond the budget
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();

  constructor(readonly budget: { requests: number; windowMs: number }) {}

  take(who: string, now: number): void {
    let window = this.#windows.get(who);
    if (!window || now - window.start >= this.budget.windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(who, window);
    }
    window.count += 1;
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
