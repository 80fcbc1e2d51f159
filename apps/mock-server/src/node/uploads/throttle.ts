/**
 * Slow reading of a Node upload body (the `uploadBytesPerSecond` fault): a stream that passes every
 * byte of its source through at the pace of src/faults/pace.ts. Backpressure holds: the source is
 * read no faster than the slices leave. The schedule is one (`createPacer`); this adapter and the
 * web one (`pacedStream`) exist because busboy reads Node streams (./receive-multipart.ts says
 * why busboy stays).
 */
import { pipeline, type Readable, Transform } from 'node:stream';
import { createPacer } from '../../faults/pace.js';

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
  const pacer = createPacer(bytesPerSecond);
  let timer: ReturnType<typeof setTimeout> | undefined;

  const out = new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      let offset = 0;
      const step = (): void => {
        timer = undefined;
        if (out.destroyed) return;
        while (offset < bytes.length) {
          const size = Math.min(pacer.slice, bytes.length - offset);
          const wait = pacer.delay(size);
          if (wait > 0) {
            timer = setTimeout(step, wait);
            return;
          }
          out.push(bytes.subarray(offset, offset + size));
          offset += size;
          pacer.passed(size);
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
