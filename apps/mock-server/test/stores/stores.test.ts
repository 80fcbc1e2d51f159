/**
 * The store suite (./video-store-suite.ts) against each store: memory, SQLite in a temporary data
 * dir, and PostgreSQL in a database of its own on the tests' server (never skipped: the test
 * support finds or starts one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openDatabase } from '../../src/node/postgres/database.js';
import { createPostgresStore } from '../../src/node/postgres/postgres-store.js';
import { createSqliteStore } from '../../src/node/sqlite/sqlite-store.js';
import { createLog } from '../../src/shared/log.js';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { describeVideoStore } from './video-store-suite.js';

describeVideoStore('memory', { open: async () => ({ store: createMemoryStore() }) });

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
describeVideoStore('SQLite', {
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'store-suite-'));
    dirs.push(dir);
    return { store: createSqliteStore(dir) };
  },
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('store_suite');
}, 120_000);
afterAll(() => database?.drop());

let states = 0;
describeVideoStore('PostgreSQL', {
  async open() {
    const state = `suite-${states++}`;
    const options = {
      poolSize: 4,
      statementTimeoutMs: 5000,
      connectTimeoutMs: 5000,
      log: createLog('silent', () => {}),
    };
    const store = createPostgresStore(openDatabase({ ...options, url: database.url }), state);
    // Another process's view of the same state: its own pool (a URL of its own to the same database).
    const second = () =>
      createPostgresStore(
        openDatabase({ ...options, url: `${database.url}?application_name=second` }),
        state,
      );
    return { store, second };
  },
});
