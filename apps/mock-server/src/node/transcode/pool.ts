/**
 * A bounded pool: at most `limit` tasks run at once, the others wait in order of arrival. A task
 * that waits can be withdrawn; one that runs is stopped by its owner.
 */

export interface PoolTask {
  run(): Promise<void>;
}

export class Pool {
  readonly #limit: number;
  readonly #waiting: PoolTask[] = [];
  readonly #running = new Set<PoolTask>();

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  /** Runs `task` now if there is room, else when there is. */
  add(task: PoolTask): void {
    this.#waiting.push(task);
    this.#next();
  }

  /** Takes `task` out of the queue; false if it is not waiting (running, or never added). */
  withdraw(task: PoolTask): boolean {
    const at = this.#waiting.indexOf(task);
    if (at < 0) return false;
    this.#waiting.splice(at, 1);
    return true;
  }

  /** How many tasks run and wait. */
  get size(): { running: number; waiting: number } {
    return { running: this.#running.size, waiting: this.#waiting.length };
  }

  #next(): void {
    while (this.#running.size < this.#limit) {
      const task = this.#waiting.shift();
      if (!task) return;
      this.#running.add(task);
      void task
        .run()
        .catch(() => {}) // a task reports its own failures
        .finally(() => {
          this.#running.delete(task);
          this.#next();
        });
    }
  }
}
