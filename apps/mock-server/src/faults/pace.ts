/**
 * Slow reading of an upload body (the `uploadBytesPerSecond` fault): the pace at which bytes may
 * pass, at most `bytesPerSecond` on average, in slices of a tenth of a second. The portable
 * stream here serves web bodies; src/node/uploads/throttle.ts paces Node streams with the same pacer.
 */

/** The schedule of one paced body. */
export interface Pacer {
  /** Bytes that pass at once: a tenth of a second's worth. */
  readonly slice: number;
  /** Milliseconds to wait before `size` more bytes may pass (0: now). */
  delay(size: number): number;
  /** Records that `size` bytes passed. */
  passed(size: number): void;
}

/**
 * @example
 * const pacer = createPacer(1000, Date.now);
 * pacer.delay(100); // 0: one slice of burst
 */
export function createPacer(bytesPerSecond: number, now: () => number = Date.now): Pacer {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) {
    throw new RangeError(`throttle: bytesPerSecond must be a positive number, got ${bytesPerSecond}`);
  }
  const slice = Math.max(1, Math.floor(bytesPerSecond / 10));
  let start: number | undefined;
  let sent = 0;
  return {
    slice,
    delay(size) {
      const at = now();
      start ??= at;
      // Allowed so far: one slice of burst plus bytesPerSecond for the time elapsed.
      return Math.max(0, Math.ceil(start + ((sent + size - slice) * 1000) / bytesPerSecond - at));
    },
    passed(size) {
      sent += size;
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A TransformStream that passes every byte through at `bytesPerSecond` (web streams: the portable
 * core's upload bodies). Backpressure holds: the source is read no faster than slices leave.
 *
 * @example
 * const body = request.body.pipeThrough(pacedStream(64 * 1024));
 */
export function pacedStream(bytesPerSecond: number): TransformStream<Uint8Array, Uint8Array> {
  const pacer = createPacer(bytesPerSecond);
  return new TransformStream({
    async transform(chunk, controller) {
      for (let offset = 0; offset < chunk.byteLength; ) {
        const size = Math.min(pacer.slice, chunk.byteLength - offset);
        const wait = pacer.delay(size);
        if (wait > 0) await sleep(wait);
        controller.enqueue(chunk.subarray(offset, offset + size));
        pacer.passed(size);
        offset += size;
      }
    },
  });
}
