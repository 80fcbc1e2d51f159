/**
 * The PostgreSQL benchmarks' servers and database: a fresh database per run on the tests'
 * PostgreSQL (`@video-api/test-support`: the machine's own at 127.0.0.1:5432), the mock's built CLI
 * started as users start it with `--database-url` (default flags and log level: only a free port and
 * the bench's token are given), the bare Hono + postgres.js app on the same database, and the CPU
 * time the database's backends of each spent (found by application name in pg_stat_activity).
 */
import { createTestDatabase, sourceArgs, type TestDatabase } from '@video-api/test-support';
import postgres, { type Sql } from 'postgres';
import { MOCK_CLI, script } from './paths.js';
import { cpuTimeMs, type Started, startProcess } from './proc.js';

const LISTENING = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
/** The application names the two servers' connections carry (the mock sets its own). */
export const APPLICATION = { mock: 'video-api-mock', bare: 'bench-bare-pg' } as const;

/** A fresh database for one benchmark run and an admin connection to it; `drop()` ends both. */
export interface BenchDatabase {
  url: string;
  sql: Sql;
  drop(): Promise<void>;
}

/**
 * Creates a fresh database (dropped, with any connection left, by `drop()`).
 *
 * @example
 * const db = await benchDatabase('pg_vs_bare'); try { … } finally { await db.drop(); }
 */
export async function benchDatabase(prefix: string): Promise<BenchDatabase> {
  const created: TestDatabase = await createTestDatabase(`bench_${prefix}`);
  const sql = postgres(created.url, { max: 1, onnotice: () => {} });
  return {
    url: created.url,
    sql,
    async drop() {
      await sql.end({ timeout: 5 });
      await created.drop();
    },
  };
}

/**
 * The mock's built bin on `databaseUrl` (it migrates the database on its first start). `token` is
 * the bench's (`--token`), the port a free one; everything else is the default, log level included.
 */
export function startMockOnPg(databaseUrl: string, token: string, extra: string[] = []): Promise<Started> {
  return startProcess(
    process.execPath,
    [MOCK_CLI, '--port', '0', '--token', token, '--database-url', databaseUrl, ...extra],
    LISTENING,
  );
}

/** The bare Hono + postgres.js app (`src/servers/bare-hono-pg.ts`) on a database the mock migrated. */
export function startBarePg(databaseUrl: string): Promise<Started> {
  return startProcess(process.execPath, sourceArgs(script('servers/bare-hono-pg.ts')), LISTENING, {
    env: { BARE_DATABASE_URL: databaseUrl, BARE_APPLICATION_NAME: APPLICATION.bare },
  });
}

/**
 * CPU time (ms, user + system) each database backend serving `application` has used so far, by
 * pid: the pids from pg_stat_activity, the times from /proc.
 */
export async function backendCpuMs(sql: Sql, application: string): Promise<Map<number, number>> {
  const rows = await sql<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity WHERE application_name = ${application} AND datname = current_database()`;
  return new Map(rows.map(({ pid }) => [pid, cpuTimeMs(pid) ?? 0]));
}

/** The backends' CPU ms between two readings (a connection opened in between counts from its start). */
export const backendCpuDeltaMs = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
