/** Pins server processes (every thread) to one core with `taskset`, as the side-by-side benchmarks run them. */
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Pins every thread of each process to the last core, so that no server gets a core to itself
 * while the load generator takes the others (an A/A run read the first-started server 8–17%
 * dearer unpinned). Returns how the servers ran, for the setup text; never throws.
 *
 * @example
 * const how = pinToLastCore([mock.pid, bare.pid]); // "pinned to core 1 (taskset), the load generator on the others"
 */
export function pinToLastCore(pids: number[]): string {
  const cores = availableParallelism();
  if (cores < 2) return 'one core: nothing to pin';
  try {
    for (const pid of pids)
      execFileSync('taskset', ['-a', '-p', '-c', String(cores - 1), String(pid)], { stdio: 'ignore' });
    return `pinned to core ${cores - 1} (taskset), the load generator on the others`;
  } catch (error) {
    return `not pinned (taskset failed: ${(error as Error).message.split('\n')[0]})`;
  }
}

/** The core pinToLastCore pins to (0 on a one-core machine). */
export const lastCore = (): number => Math.max(0, availableParallelism() - 1);
