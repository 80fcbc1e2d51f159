/** Resident memory of a process, read from Linux's /proc (the soak samples the mock with it). */
import { readFileSync } from 'node:fs';

/**
 * The resident set size of `pid` in bytes (VmRSS of /proc/<pid>/status), or undefined when the
 * process is gone or /proc is not available.
 *
 * @example
 * const rss = readRss(process.pid); // e.g. 61_440_000
 */
export function readRss(pid: number): number | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match?.[1] === undefined ? undefined : Number(match[1]) * 1024;
}
