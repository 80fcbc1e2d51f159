/**
 * The journal feed on PostgreSQL: a batch crosses the wire once (kept in mock_journal, a notice
 * names it) and every other process reads exactly that batch, in order, even when another
 * process's entries took seqs between its own (one sequence for all processes).
 */
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, JOURNAL_CHANNEL, openDatabase } from '../../src/node/postgres/database.js';
import { postgresJournalFeed } from '../../src/node/postgres/journal-feed.js';
import { createLog } from '../../src/shared/log.js';
import type { JournalRecord } from '../../src/state/types.js';

let database: TestDatabase;
let a: Database;
let b: Database;
const pool = (name: string) =>
  openDatabase({
    url: `${database.url}?application_name=${name}`,
    poolSize: 2,
    statementTimeoutMs: 10_000,
    connectTimeoutMs: 5000,
    log: createLog('silent', () => {}),
  });
beforeAll(async () => {
  database = await createTestDatabase('journal_feed');
  [a, b] = [pool('feed-a'), pool('feed-b')];
  await Promise.all([a.ready, b.ready]);
}, 120_000);
afterAll(async () => {
  await a?.release();
  await b?.release();
  await database?.drop();
});

const entry = (path: string) => ({ path, method: 'GET', status: 200 }) as unknown as JournalRecord;

/** Listens through `db` until `count` records are heard (at most 5 s), then stops. */
function heard(db: Database, count: number): { records: Promise<JournalRecord[]>; listening: Promise<void> } {
  const records: JournalRecord[] = [];
  let stop = () => {};
  const listening = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (db.journal.listening()) {
        clearInterval(check);
        resolve();
      }
    }, 10);
  });
  return {
    listening,
    records: new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`heard ${records.length} of ${count}`)), 5000);
      stop = postgresJournalFeed(db, 'feed').listen((batch) => {
        records.push(...batch);
        if (records.length >= count) {
          clearTimeout(timer);
          stop();
          resolve(records);
        }
      });
    }),
  };
}

it("hears another process's batch once, in order, with the entries it kept", async () => {
  const listener = heard(b, 3);
  await listener.listening;
  postgresJournalFeed(a, 'feed').publish([entry('/1'), entry('/2'), entry('/3')]);
  expect((await listener.records).map((record) => (record as { path: string }).path)).toEqual([
    '/1',
    '/2',
    '/3',
  ]);
});

it("reads only the named process's entries of a batch whose seqs another's interleave", async () => {
  const listener = heard(b, 2);
  await listener.listening;
  // a's two entries with one of another process between them, as concurrent batches take seqs
  const seqs = await a.run(async (sql) => {
    const rows: { seq: string }[] = [];
    for (const [origin, path] of [
      [a.self, '/a1'],
      ['another', '/x'],
      [a.self, '/a2'],
    ] as const)
      rows.push(
        ...(await sql<{ seq: string }[]>`INSERT INTO mock_journal (sandbox, origin, record)
          VALUES ('feed', ${origin}, ${JSON.stringify(entry(path))}::text::json) RETURNING seq`),
      );
    return rows.map((row) => row.seq);
  });
  await a.notify(JOURNAL_CHANNEL, a.journal.payload('feed', `${a.self} ${seqs[0]} ${seqs[2]}`));
  expect((await listener.records).map((record) => (record as { path: string }).path)).toEqual(['/a1', '/a2']);
});

it('ignores a notice it cannot read (another version: the entries as JSON) and goes on', async () => {
  const listener = heard(b, 1);
  await listener.listening;
  await a.notify(JOURNAL_CHANNEL, a.journal.payload('feed', JSON.stringify([entry('/old')])));
  postgresJournalFeed(a, 'feed').publish([entry('/new')]);
  expect((await listener.records).map((record) => (record as { path: string }).path)).toEqual(['/new']);
});
