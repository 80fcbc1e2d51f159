/** One structured JSON log line per request, filtered by level. */

/** How much the mock logs. */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

/** The levels, least first. */
export const LOG_LEVELS: readonly LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

type LogLine = Exclude<LogLevel, 'silent'>;

export interface Log {
  (level: LogLine, entry: Record<string, unknown>): void;
  /** Whether entries at `level` are written (so callers skip building entries nobody reads). */
  enabled(level: LogLine): boolean;
}

/**
 * A logger that writes `{"level":…,"time":…,…}` lines for entries at or above `level`.
 *
 * @example
 * const log = createLog('info', (line) => process.stderr.write(`${line}\n`));
 * log('info', { msg: 'request', method: 'GET', status: 200 });
 * log.enabled('debug'); // false
 */
export function createLog(level: LogLevel, write: (line: string) => void): Log {
  const enabled = (entryLevel: LogLine) => RANK[entryLevel] <= RANK[level];
  const log = (entryLevel: LogLine, entry: Record<string, unknown>) => {
    if (!enabled(entryLevel)) return;
    write(JSON.stringify({ level: entryLevel, time: new Date().toISOString(), ...entry }));
  };
  return Object.assign(log, { enabled });
}
