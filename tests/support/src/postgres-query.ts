/**
 * One statement on a fresh connection (the `pg` driver), for the helpers' own administration:
 * probing a server, creating a role or a database. Tests use their own pools.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';

/**
 * pg's `Client` without pg's index: the workspace's vitest config passes `import` as a Node condition
 * (`ssr.resolve.conditions`), under which pg's own `require('pg-pool')` loads pg-pool's ES build and
 * the index fails to load ("Class extends value [object Module]"). The client alone needs no pool.
 */
export const PgClient: typeof pg.Client = createRequire(import.meta.url)('pg/lib/client.js');

/**
 * Connects to `url`, runs `sql`, disconnects; rejects with the driver's error (e.g. ECONNREFUSED).
 *
 * @example
 * const [row] = await queryOnce('postgres://root@127.0.0.1:5432/postgres', 'select 1 as one');
 */
export async function queryOnce(
  url: string,
  sql: string,
  options: { timeoutMs?: number } = {},
): Promise<Record<string, unknown>[]> {
  const client = new PgClient({ connectionString: url, connectionTimeoutMillis: options.timeoutMs ?? 5000 });
  client.on('error', () => undefined); // a server going away while idle must not crash the process
  try {
    await client.connect();
    const result = await client.query(sql);
    return result.rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether `url` answers `select 1` within `timeoutMs`. */
export async function answers(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    await queryOnce(url, 'select 1', { timeoutMs });
    return true;
  } catch {
    return false;
  }
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** A double-quoted SQL identifier. */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
