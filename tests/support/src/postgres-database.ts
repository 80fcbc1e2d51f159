/**
 * A fresh database per test file on the tests' PostgreSQL server, with a unique name, dropped by
 * the test (other connections ended first: `DROP DATABASE … WITH (FORCE)`, PostgreSQL 13+).
 */
import { randomBytes } from 'node:crypto';
import { queryOnce, quoteIdent, withDatabase } from './postgres-query.js';
import { testDatabaseServer } from './postgres-server.js';

export interface TestDatabase {
  /** Connection URL of the new database. */
  url: string;
  name: string;
  /** Drops it, ending any connection still open to it; a second call does nothing. */
  drop(): Promise<void>;
}

/**
 * A unique database name: `prefix` (lower-cased, `[a-z0-9_]` only) then the process id and a random
 * suffix, at most 63 characters (PostgreSQL's limit).
 */
export function testDatabaseName(prefix = 'test'): string {
  const clean =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'test';
  return `${clean}_${process.pid}_${randomBytes(5).toString('hex')}`;
}

/**
 * Creates an empty database on `testDatabaseServer()`.
 *
 * @example
 * const db = await createTestDatabase('store');
 * afterAll(() => db.drop());
 * const pool = new pg.Pool({ connectionString: db.url });
 */
export async function createTestDatabase(prefix?: string): Promise<TestDatabase> {
  const server = await testDatabaseServer();
  const name = testDatabaseName(prefix);
  await queryOnce(server.url, `create database ${quoteIdent(name)}`);
  let dropped: Promise<void> | undefined;
  return {
    url: withDatabase(server.url, name),
    name,
    drop() {
      dropped ??= queryOnce(server.url, `drop database if exists ${quoteIdent(name)} with (force)`).then(
        () => undefined,
      );
      return dropped;
    },
  };
}
