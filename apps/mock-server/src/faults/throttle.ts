/**
 * Slow reading of an upload body: a stream that passes every byte of its source through, at most
 * `bytesPerSecond` on average, in slices of a tenth of a second. Backpressure holds: the source is
 * read no faster than the slices leave.
 */
import { pipeline, type Readable, Transform } from 'node:stream';

/**
 * Returns a Readable with the bytes of `source`, delivered at `bytesPerSecond`. An error of the
 * source reaches the result; destroying the result destroys the source and cancels its timer.
 *
 * @example
 * const rate = faults.uploadReadRate('uploadVideoSource');
 * const body = rate === undefined ? incoming : throttle(incoming, rate);
 * body.pipe(busboy);
 */
export function throttle(source: Readable, bytesPerSecond: number): Readable {
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) {
    throw new RangeError(`throttle: bytesPerSecond must be a positive number, got ${bytesPerSecond}`);
  }
  const slice = Math.max(1, Math.floor(bytesPerSecond / 10));
  let start: number | undefined;
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const out = new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      let offset = 0;
      const step = (): void => {
        timer = undefined;
        if (out.destroyed) return;
        while (offset < bytes.length) {
          const now = Date.now();
          start ??= now;
          const size = Math.min(slice, bytes.length - offset);
          // Allowed so far: one slice of burst plus bytesPerSecond for the time elapsed.
          const wait = start + ((sent + size - slice) * 1000) / bytesPerSecond - now;
          if (wait > 0) {
            timer = setTimeout(step, Math.ceil(wait));
            return;
          }
          out.push(bytes.subarray(offset, offset + size));
          offset += size;
          sent += size;
        }
        callback();
      };
      step();
    },
    destroy(error, callback) {
      if (timer !== undefined) clearTimeout(timer);
      callback(error);
    },
  });
  return pipeline(source, out, () => {});
}
