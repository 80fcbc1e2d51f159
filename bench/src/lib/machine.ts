/** The machine a run measured: cpu model, cores, memory, OS and Node version. */
import { cpus, release, totalmem, type } from 'node:os';
import type { Machine } from './types.js';

/**
 * Describes this machine.
 *
 * @example
 * machine().cores; // 2
 */
export function machine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${type()} ${release()}`,
    node: process.version,
  };
}
