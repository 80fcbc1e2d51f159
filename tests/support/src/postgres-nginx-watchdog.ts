/**
 * Cleanup that survives the test process: a detached shell waits for this process to end (however
 * it ends: vitest ends its workers with a signal, so `process.on('exit')` does not run) and then
 * stops what a helper started (a throwaway PostgreSQL cluster, an nginx) by its own pid file or data
 * folder. Cancelled when the helper stops it itself.
 */
import { spawn } from 'node:child_process';

/** A running watchdog; `cancel()` ends it without running its cleanup. */
export interface Watchdog {
  cancel(): void;
}

/** Quotes `text` for sh. */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * The sh script: poll `pid` once a second, then run `cleanup`.
 *
 * @example
 * watchdogScript(1234, "rm -rf '/tmp/x'"); // 'while kill -0 1234 2>/dev/null; do sleep 1; done; rm -rf '/tmp/x''
 */
export function watchdogScript(pid: number, cleanup: string): string {
  return `while kill -0 ${pid} 2>/dev/null; do sleep 1; done; ${cleanup}`;
}

/** Starts a watchdog that runs the sh command `cleanup` once this process has ended. */
export function afterThisProcess(cleanup: string): Watchdog {
  const child = spawn('sh', ['-c', watchdogScript(process.pid, cleanup)], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  return {
    cancel() {
      try {
        if (child.exitCode === null) process.kill(child.pid as number, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}
