/** A pool of its own on a test database, as another process of a shared mock would open it. */
import { type Database, openDatabase } from '../../src/node/postgres/database.js';
import { createLog } from '../../src/shared/log.js';

/**
 * @example
 * const db = poolOn(database.url, 'dead-process'); // … await db.release()
 */
export function poolOn(url: string, name: string): Database {
  return openDatabase({
    url: `${url}?application_name=${name}`,
    poolSize: 2,
    statementTimeoutMs: 5000,
    connectTimeoutMs: 5000,
    log: createLog('silent', () => {}),
  });
}
