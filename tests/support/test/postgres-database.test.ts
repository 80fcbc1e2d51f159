/** testDatabaseServer and createTestDatabase against the tests' real PostgreSQL (never skipped). */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase, refusedUrl, testDatabaseServer } from '../src/index.js';
import { testDatabaseName } from '../src/postgres-database.js';
import { PgClient, queryOnce } from '../src/postgres-query.js';
import { locateServer } from '../src/postgres-server.js';

describe('testDatabaseServer', () => {
  it('answers select 1, and is found once per process', async () => {
    const server = await testDatabaseServer();
    expect(server.source).toMatch(/^(env|machine|throwaway)$/);
    expect(await queryOnce(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect(testDatabaseServer()).toBe(testDatabaseServer());
  });

  it('fails loudly when VIDEO_API_TEST_DATABASE_URL is set and does not answer', async () => {
    vi.resetModules();
    vi.stubEnv('VIDEO_API_TEST_DATABASE_URL', 'postgres://someone:secret@127.0.0.1:1/nothing');
    try {
      const fresh = await import('../src/postgres-server.js');
      const failure = fresh.testDatabaseServer();
      await expect(failure).rejects.toThrow(
        /VIDEO_API_TEST_DATABASE_URL=postgres:\/\/someone:\*\*\*@127\.0\.0\.1:1\/nothing does not answer/,
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('locateServer', () => {
  it('starts a throwaway cluster when the machine has no server answering', async () => {
    vi.stubEnv('VIDEO_API_TEST_DATABASE_URL', '');
    try {
      const refused = `postgres://root@127.0.0.1:${(await refusedUrl()).split(':').at(-1)}/postgres`;
      const server = await locateServer([refused]);
      expect(server.source).toBe('throwaway');
      expect(server.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
      expect(await queryOnce(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 60_000);
});

describe('createTestDatabase', () => {
  it('gives an empty database of its own that drop() removes, connections and all', async () => {
    const db = await createTestDatabase('Store Tests!');
    expect(db.name).toMatch(/^store_tests_\d+_[0-9a-f]{10}$/);
    const tables = await queryOnce(
      db.url,
      `select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    expect(tables).toEqual([{ n: 0 }]);
    expect(await queryOnce(db.url, 'select current_database() as name')).toEqual([{ name: db.name }]);

    const open = new PgClient({ connectionString: db.url });
    open.on('error', () => undefined);
    await open.connect(); // left open: drop() must end it
    await db.drop();
    await db.drop(); // a second call does nothing
    const { url } = await testDatabaseServer();
    const left = await queryOnce(
      url,
      `select count(*)::int as n from pg_database where datname = '${db.name}'`,
    );
    expect(left).toEqual([{ n: 0 }]);
    await expect(open.query('select 1')).rejects.toThrow();
    await open.end().catch(() => undefined);
  });

  it('never gives the same name twice', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(a?.name).not.toBe(b?.name);
    await Promise.all([a?.drop(), b?.drop()]);
  });

  it('makes a valid PostgreSQL name of any prefix', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (prefix) => {
        const name = testDatabaseName(prefix);
        expect(name.length).toBeLessThanOrEqual(63);
        expect(name).toMatch(/^[a-z0-9_]+_\d+_[0-9a-f]{10}$/);
      }),
    );
  });
});
