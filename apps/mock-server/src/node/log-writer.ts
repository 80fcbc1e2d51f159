/**
 * Log lines to a file descriptor (stderr), written in batches: the lines of a short while (10 ms)
 * go out in one write of the text as it is (no Buffer made of it), not one synchronous write per
 * line through a stream (which cost more CPU than a GET itself), nor one per turn of the event loop
 * (a few lines each under load: the write's system call was then most of what a line cost). An
 * error line, a batch past 64 KiB and the process's exit (process.exit, a signal the CLI handles,
 * an uncaught error) flush at once, so no line is lost. A reader slower than the lines (a full
 * pipe, EAGAIN) never blocks the server: the rest is kept (as bytes, encoded once) and tried again
 * shortly; past 16 MiB kept, the writer waits for it rather than drop.
 */
import { writeSync } from 'node:fs';

const BATCH_BYTES = 64 * 1024;
const MOST_KEPT = 16 * 1024 * 1024;
const RETRY_MS = 5;
/** How long a line may wait for others to share its write. */
export const BATCH_MS = 10;

export interface LineOutput {
  (line: string): void;
  /** Writes every kept line now, waiting for a full pipe (exit, error lines). */
  flush(): void;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const isAgain = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EAGAIN';

/**
 * Lines to `fd`, batched for BATCH_MS (or 64 KiB), flushed on exit.
 *
 * @example
 * const write = lineOutput(2);
 * write('{"level":"info","msg":"request"}');
 */
export function lineOutput(fd: number, write: typeof writeSync = writeSync): LineOutput {
  let kept = '';
  /** Bytes taken from `kept` and not yet written (what a partial write left). */
  let pending: Buffer | undefined;
  let batch: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  /** Writes as much as the descriptor takes now; false when it is full (EAGAIN). */
  const drain = (): boolean => {
    for (;;) {
      if (pending === undefined && kept === '') return true;
      // The kept text is written as it is; only what a partial write left becomes bytes.
      const text = pending === undefined ? kept : undefined;
      let written: number;
      try {
        written = text === undefined ? write(fd, pending as Buffer) : write(fd, text);
      } catch (error) {
        if (isAgain(error)) {
          // Kept as bytes from now on: each retry would otherwise encode the whole kept text
          // again (up to 16 MiB every RETRY_MS: a slow reader would cost the server a core).
          if (text !== undefined) {
            pending = Buffer.from(text);
            kept = '';
          }
          return false;
        }
        pending = undefined; // the reader is gone (EPIPE, a closed descriptor): nothing more can be written
        kept = '';
        return true;
      }
      if (text === undefined) {
        const left = pending as Buffer;
        pending = written >= left.length ? undefined : left.subarray(written);
      } else {
        kept = '';
        if (written < text.length || written < Buffer.byteLength(text))
          pending = Buffer.from(text).subarray(written);
      }
    }
  };

  const later = () => {
    if (batch !== undefined) clearTimeout(batch);
    batch = undefined;
    if (retry !== undefined) return;
    if (drain()) return;
    retry = setTimeout(() => {
      retry = undefined;
      later();
    }, RETRY_MS);
    retry.unref();
  };

  const flush = () => {
    if (batch !== undefined) clearTimeout(batch);
    if (retry !== undefined) clearTimeout(retry);
    batch = undefined;
    retry = undefined;
    while (!drain()) sleep(RETRY_MS);
  };

  const output = (line: string) => {
    kept += `${line}\n`;
    if (kept.length >= MOST_KEPT) flush();
    else if (retry !== undefined)
      return; // the retry writes it
    else if (kept.length >= BATCH_BYTES) later();
    else if (batch === undefined) {
      batch = setTimeout(later, BATCH_MS);
      batch.unref();
    }
  };
  return Object.assign(output, { flush });
}

let stderrOutput: LineOutput | undefined;

/**
 * The process's one batched writer of log lines to stderr, flushed when the process exits
 * (process.exit, the end of the event loop, an uncaught error) and at every error line's
 * caller's request.
 */
export function stderrLines(): LineOutput {
  if (stderrOutput === undefined) {
    const output = lineOutput(2);
    process.on('exit', () => output.flush());
    stderrOutput = output;
  }
  return stderrOutput;
}
