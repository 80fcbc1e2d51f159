/**
 * Waits on the mock's virtual clock: a retry sleeps until a virtual time, and wakes when the clock
 * reaches it, by real time passing (a real-time clock) or by `settle()` after the clock is advanced.
 */

/** The clock retries are scheduled on (the mock's VirtualClock fits). */
export interface ScheduleClock {
  now(): number;
  readonly realTime: boolean;
}

interface Sleeper {
  at: number;
  wake: () => void;
}

/**
 * Sleepers on a clock. One real timer at most, armed for the earliest sleeper (never keeping a
 * Node process alive).
 *
 * @example
 * const wakeups = new Wakeups(clock);
 * await wakeups.until(clock.now() + 60_000); // clock.advance(60_000); wakeups.settle();
 */
export class Wakeups {
  private readonly sleepers = new Set<Sleeper>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly clock: ScheduleClock) {}

  /** Resolves once the clock reaches `at` (or `wakeAll` is called). */
  until(at: number): Promise<void> {
    if (at <= this.clock.now()) return Promise.resolve();
    return new Promise((resolve) => {
      this.sleepers.add({ at, wake: resolve });
      this.arm();
    });
  }

  /** Wakes every sleeper whose time has come (call after the clock was advanced). */
  settle(): void {
    const now = this.clock.now();
    for (const sleeper of [...this.sleepers]) {
      if (sleeper.at > now) continue;
      this.sleepers.delete(sleeper);
      sleeper.wake();
    }
    this.arm();
  }

  /** Wakes every sleeper now and disarms the timer (the sleepers check why they woke). */
  wakeAll(): void {
    for (const sleeper of this.sleepers) sleeper.wake();
    this.sleepers.clear();
    this.arm();
  }

  private arm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.clock.realTime || this.sleepers.size === 0) return;
    const next = Math.min(...[...this.sleepers].map((sleeper) => sleeper.at));
    const delay = Math.max(0, Math.min(next - this.clock.now(), 2 ** 31 - 1));
    const timer: { unref?: () => void } = setTimeout(() => this.settle(), delay);
    timer.unref?.();
    this.timer = timer as ReturnType<typeof setTimeout>;
  }
}
