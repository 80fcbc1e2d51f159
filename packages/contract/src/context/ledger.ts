/**
 * What the run leaves on the server and where it has been: every video it created (the spec has no
 * delete, so the report lists them) within a budget (`maxVideos`), and the operations whose
 * positive case answered 2XX, by host (a refusal counts only on a route that exists).
 */

import type { PathOperation } from '../support/operations.js';
import type { CreatedVideo } from '../support/types.js';
import { CheckSkipped } from './failures.js';

export class Ledger {
  readonly created: CreatedVideo[] = [];
  /** Videos created, or possibly created (a create whose answer never came), so far. */
  private spent = 0;
  /** Videos of the creates in flight. */
  private pending = 0;
  private readonly reached = new Set<string>();

  constructor(
    private readonly maxVideos: number,
    private readonly projectKey: string,
  ) {}

  /**
   * Counts `count` videos about to be requested; throws CheckSkipped when they could pass the
   * budget. Only what a create may make is spent: settle it with the answer (`settle`), so a refused
   * create or a 429 gives its share back.
   */
  reserve(count: number): { settle(answer: { status: number; body?: unknown } | undefined): void } {
    if (this.spent + this.pending + count > this.maxVideos) {
      throw new CheckSkipped(
        `not run: it would create ${count} video${count === 1 ? '' : 's'} beyond the run's budget of ${this.maxVideos} (${this.spent} created so far; --max-videos, or --profile full)`,
      );
    }
    this.pending += count;
    let settled = false;
    return {
      settle: (answer) => {
        if (settled) return;
        settled = true;
        this.pending -= count;
        // No answer (a timeout, a reset): the videos may exist, so they stay spent.
        if (answer === undefined) this.spent += count;
        else if (answer.status >= 200 && answer.status < 300) {
          this.spent += count;
          this.createdFrom(answer.body);
        }
      },
    };
  }

  /** Records the videos of a create sent outside the budget (without the token) that a server made anyway. */
  unbudgeted(body: unknown): void {
    const before = this.created.length;
    this.createdFrom(body);
    this.spent += this.created.length - before;
  }

  /** Records the videos a create answered with. */
  private createdFrom(body: unknown): void {
    if (!Array.isArray(body)) return;
    for (const video of body) {
      const key = (video as { key?: unknown } | null)?.key;
      if (typeof key === 'string') this.created.push({ key, projectKey: this.projectKey });
    }
  }

  /** Notes that `operation` answered its positive case with a 2XX on `host`. */
  reach(operation: PathOperation, host: string): void {
    this.reached.add(`${operation} ${host}`);
  }

  /** Whether `operation`'s positive case answered 2XX on `host`. */
  hasReached(operation: PathOperation, host: string): boolean {
    return this.reached.has(`${operation} ${host}`);
  }
}
