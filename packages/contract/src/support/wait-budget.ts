/**
 * The run's budget for waiting out 429 answers (`--max-wait`): every wait is logged, and a 429 that
 * would need more than what is left becomes `RateLimited`, a verdict that names the budget.
 */

/** One wait for a 429: the request, how long it waited, and the budget spent so far. */
export interface RateLimitWait {
  request: string;
  waitMs: number;
  spentMs: number;
  budgetMs: number;
}

/** A 429 the run could not wait out within its budget: the check fails, the probe is not observed. */
export class RateLimited extends Error {
  override name = 'RateLimited';
}

export class WaitBudget {
  spentMs = 0;
  waits = 0;

  constructor(
    readonly budgetMs: number,
    private readonly onWait?: (wait: RateLimitWait) => void,
  ) {}

  /** Spends `waitMs` of the budget for `request`, or throws RateLimited when not enough is left. */
  take(request: string, waitMs: number): void {
    if (this.spentMs + waitMs > this.budgetMs) {
      throw new RateLimited(
        `${request} → 429 (Retry-After asks ${waitMs} ms) with ${this.budgetMs - this.spentMs} ms left of the rate-limit wait budget of ${this.budgetMs} ms (--max-wait), after ${this.waits} waits: the server rate-limits more than the budget allows`,
      );
    }
    this.spentMs += waitMs;
    this.waits += 1;
    this.onWait?.({ request, waitMs, spentMs: this.spentMs, budgetMs: this.budgetMs });
  }
}
