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
  private requested = 0;
  private readonly reached = new Set<string>();

  constructor(
    private readonly maxVideos: number,
    private readonly projectKey: string,
  ) {}

  /** Counts `count` videos about to be requested; throws CheckSkipped when the budget would be passed. */
  reserve(count: number): void {
    if (this.requested + count > this.maxVideos) {
      throw new CheckSkipped(
        `not run: it would create ${count} video${count === 1 ? '' : 's'} beyond the run's budget of ${this.maxVideos} (${this.requested} requested so far; --max-videos, or --profile full)`,
      );
    }
    this.requested += count;
  }

  /** Records the videos a create answered with. */
  createdFrom(body: unknown): void {
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
