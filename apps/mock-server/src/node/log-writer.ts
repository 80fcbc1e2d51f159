/**
 * Log lines to a file descriptor (stderr), written in batches: the lines of one turn of the event
 * loop go out in one write after it (setImmediate), not one synchronous write per line through a
 * stream (which cost more CPU than a GET itself). An error line, a batch past 64 KiB and the
 * process's exit (process.exit, a signal the CLI handles, an uncaught error) flush at once, so no
 * line is lost. A reader slower than the lines (a full pipe, EAGAIN) never blocks the server: the
 * rest is kept and tried again shortly; past 16 MiB kept, the writer waits for it rather than drop.
 */
import { writeSync } from 'node:fs';

const BATCH_BYTES = 64 * 1024;
const MOST_KEPT = 16 * 1024 * 1024;
const RETRY_MS = 5;

export interface LineOutput {
  (line: string): void;
  /** Writes every kept line now, waiting for a full pipe (exit, error lines). */
  flush(): void;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const isAgain = (error: unknown) => (error as NodeJS.ErrnoException).code === 'EAGAIN';

/**
 * Lines to `fd`, batched per turn of the event loop, flushed on exit.
 *
 * @example
 * const write = lineOutput(2);
 * write('{"level":"info","msg":"request"}');
 */
export function lineOutput(fd: number, write: typeof writeSync = writeSync): LineOutput {
  let kept = '';
  /** Bytes taken from `kept` and not yet written (what a partial write left). */
  let pending: Buffer | undefined;
  let scheduled = false;
  let retry: NodeJS.Timeout | undefined;

  /** Writes as much as the descriptor takes now; false when it is full (EAGAIN). */
  const drain = (): boolean => {
    for (;;) {
      if (pending === undefined) {
        if (kept === '') return true;
        pending = Buffer.from(kept);
        kept = '';
      }
      let written: number;
      try {
        written = write(fd, pending);
      } catch (error) {
        if (isAgain(error)) return false;
        pending = undefined; // the reader is gone (EPIPE, a closed descriptor): nothing more can be written
        kept = '';
        return true;
      }
      pending = written >= pending.length ? undefined : pending.subarray(written);
    }
  };

  const later = () => {
    scheduled = false;
    if (retry !== undefined) return;
    if (drain()) return;
    retry = setTimeout(() => {
      retry = undefined;
      later();
    }, RETRY_MS);
    retry.unref();
  };

  const flush = () => {
    if (retry !== undefined) clearTimeout(retry);
    retry = undefined;
    while (!drain()) sleep(RETRY_MS);
  };

  const output = (line: string) => {
    kept += `${line}\n`;
    if (kept.length >= MOST_KEPT) flush();
    else if (kept.length >= BATCH_BYTES && retry === undefined) later();
    else if (!scheduled && retry === undefined) {
      scheduled = true;
      setImmediate(later);
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
