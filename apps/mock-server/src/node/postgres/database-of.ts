/** The pool of a mock's `databaseUrl` in this process, per its options (shared by every part that names it). */
import { createLog } from '../../shared/log.js';
import type { ResolvedOptions } from '../../types.js';
import { type Database, openDatabase } from './database.js';

/**
 * @example
 * const database = databaseOf(resolved); // … database.release() when done
 */
export function databaseOf(options: ResolvedOptions): Database {
  return openDatabase({
    url: options.databaseUrl as string,
    poolSize: options.databasePoolSize,
    statementTimeoutMs: options.databaseStatementTimeoutMs,
    connectTimeoutMs: options.databaseStatementTimeoutMs,
    log: createLog(options.logLevel, options.logger),
  });
}
