/**
 * A backend the server ends under a query (a restart, a failover, `pg_terminate_backend`) costs
 * that query and no other: the connection's next query is served. The driver (postgres.js 3.4.9,
 * upstream issue 1223) replays the ended backend's 57P01 onto the first query after it reconnects;
 * without the pool's second try, that request would answer 503 with the database up.
 */
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/node/postgres/database.js';
import { createLog } from '../../src/shared/log.js';
import { StoreUnavailable } from '../../src/state/store-unavailable.js';

let database: TestDatabase;
let pool: Database;
let admin: postgres.Sql;
beforeAll(async () => {
  database = await createTestDatabase('backend_ended');
  pool = openDatabase({
    url: `${database.url}?application_name=backend-ended`,
    poolSize: 1,
    statementTimeoutMs: 10_000,
    connectTimeoutMs: 5000,
    log: createLog('silent', () => {}),
  });
  await pool.ready;
  admin = postgres(database.url, { max: 1, onnotice: () => {} });
}, 120_000);
afterAll(async () => {
  await admin?.end();
  await pool?.release();
  await database?.drop();
});

/** Ends the backend of the pool's one connection while it runs a query; resolves with that query's outcome. */
async function endBackendUnderQuery(): Promise<unknown> {
  const sleeping = pool.run((sql) => sql`SELECT pg_sleep(10)`).catch((error: unknown) => error);
  for (;;) {
    const [row] = await admin<{ ended: boolean }[]>`
      SELECT coalesce(bool_or(pg_terminate_backend(pid)), false) AS ended FROM pg_stat_activity
      WHERE application_name = 'backend-ended' AND query LIKE 'SELECT pg_sleep%' AND state = 'active'`;
    if (row?.ended) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return sleeping;
}

it('loses the query the backend ran (a 503 for its request) and serves the next one', async () => {
  for (let round = 0; round < 3; round++) {
    const outcome = await endBackendUnderQuery();
    expect(outcome).toBeInstanceOf(StoreUnavailable);
    const [row] = await pool.run((sql) => sql<{ answer: number }[]>`SELECT 42 AS answer`);
    expect(row?.answer, `round ${round}: the query after the ended backend`).toBe(42);
  }
});
