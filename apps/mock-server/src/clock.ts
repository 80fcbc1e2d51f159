/**
 * The virtual clock processing runs on (§3): it follows real time by default and can be advanced
 * by hand, so tests never wait for processing.
 */

/**
 * A clock whose time is real time (or a fixed start) plus an offset moved by `advance`.
 *
 * @example
 * const clock = new VirtualClock(false, Date.parse('2026-01-01T00:00:00Z'));
 * clock.advance(2000);
 * clock.iso(); // '2026-01-01T00:00:02.000Z'
 */
export class VirtualClock {
  #offset = 0;
  readonly #start: number;

  constructor(
    readonly realTime: boolean,
    start: number = Date.now(),
  ) {
    this.#start = start;
  }

  /** Virtual milliseconds since the epoch. */
  now(): number {
    return (this.realTime ? Date.now() : this.#start) + this.#offset;
  }

  iso(at: number = this.now()): string {
    return new Date(at).toISOString();
  }

  advance(ms: number): void {
    this.#offset += ms;
  }
}
