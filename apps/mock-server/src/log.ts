/** One structured JSON log line per request, filtered by level. */
import type { LogLevel } from './types.js';

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };

export type Log = (level: Exclude<LogLevel, 'silent'>, entry: Record<string, unknown>) => void;

/**
 * A logger that writes `{"level":…,"time":…,…}` lines for entries at or above `level`.
 *
 * @example
 * const log = createLog('info', (line) => process.stderr.write(`${line}\n`));
 * log('info', { msg: 'request', method: 'GET', status: 200 });
 */
export function createLog(level: LogLevel, write: (line: string) => void): Log {
  return (entryLevel, entry) => {
    if (RANK[entryLevel] > RANK[level]) return;
    write(JSON.stringify({ level: entryLevel, time: new Date().toISOString(), ...entry }));
  };
}
