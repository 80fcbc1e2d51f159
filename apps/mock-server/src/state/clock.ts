/**
 * The virtual clock processing runs on (§3): it follows real time by default and can be advanced
 * by hand, so tests never wait for processing.
 */

const ISO_SLOTS = 256;

/**
 * A clock whose time is real time (or a fixed start) plus an offset moved by `advance`.
 *
 * @example
 * const clock = new VirtualClock(false, Date.parse('2026-01-01T00:00:00Z'));
 * await clock.advance(2000);
 * clock.iso(); // '2026-01-01T00:00:02.000Z'
 */
export class VirtualClock {
  #offset = 0;
  readonly #start: number;
  readonly #isoAt: number[] = new Array(ISO_SLOTS).fill(Number.NaN);
  readonly #isoText: string[] = new Array(ISO_SLOTS).fill('');

  /**
   * @param onAdvance told the new offset after each `advance`; the store keeps it, so a restart
   *   (or another process on the same database) does not see the virtual time of scheduled
   *   processing move back.
   */
  constructor(
    readonly realTime: boolean,
    start: number = Date.now(),
    offset = 0,
    private readonly onAdvance: (offset: number) => Promise<void> | void = () => {},
  ) {
    this.#start = start;
    this.#offset = offset;
  }

  /** Virtual milliseconds since the epoch. */
  now(): number {
    return (this.realTime ? Date.now() : this.#start) + this.#offset;
  }

  /** ISO 8601 of `at` (default now); recent values are remembered (records are shown often). */
  iso(at: number = this.now()): string {
    const slot = (at >>> 0) & (ISO_SLOTS - 1);
    if (this.#isoAt[slot] === at) return this.#isoText[slot] as string;
    const text = new Date(at).toISOString();
    this.#isoAt[slot] = at;
    this.#isoText[slot] = text;
    return text;
  }

  /** How far the clock was advanced by hand (ms). */
  get offset(): number {
    return this.#offset;
  }

  /** Takes up an offset the store kept (at start), without telling `onAdvance`. */
  restore(offset: number): void {
    this.#offset = offset;
  }

  /** Moves the clock forward by `ms`; resolves once `onAdvance` kept the new offset. */
  async advance(ms: number): Promise<void> {
    this.#offset += ms;
    await this.onAdvance(this.#offset);
  }
}
