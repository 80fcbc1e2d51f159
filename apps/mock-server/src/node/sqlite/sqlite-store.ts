/**
 * The persistent store (`dataDir`): SQLite through better-sqlite3, in WAL mode with
 * `synchronous = FULL`. Every write is its own committed transaction before the call returns, and
 * FULL syncs the WAL on each commit, so a write acknowledged to a client survives a crash or a
 * power loss (NORMAL + WAL would survive a process crash but may lose the last commits on power
 * loss; the mock's writes are few and small, so FULL costs little).
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { OptionError } from '../../options.js';
import { settled } from '../../shared/settled.js';
import type { FieldDefinition, VideoRecord } from '../../state/types.js';
import { localUploads } from '../../state/uploads-in-progress.js';
import { formatKey, type VideoStore } from '../../state/video-store.js';
import type { WebhookLedger } from '../../webhooks/ledger.js';
import { lockDataDir } from '../process/data-dir-lock.js';
import { loadSqlite } from './load-sqlite.js';
import { sqliteWebhookLedger } from './sqlite-webhooks.js';

/** The webhook ledger of each open store, in the same database (see sqlite-webhooks.ts). */
const ledgers = new WeakMap<VideoStore, WebhookLedger>();

/** The webhook ledger of a store `createSqliteStore` opened; undefined for any other store. */
export function webhookLedgerOf(store: VideoStore): WebhookLedger | undefined {
  return ledgers.get(store);
}

/** File name of the database inside the data dir. */
export const DATABASE_FILE = 'mock.sqlite';

/**
 * Opens (or creates) the database in `dataDir`, which no other mock may have open (see
 * ../process/data-dir-lock.ts).
 *
 * @example
 * const store = createSqliteStore('./mock-data');
 * await store.putMany([record]); // committed when the promise resolves
 */
export function createSqliteStore(dataDir: string): VideoStore {
  const kind = statSync(dataDir, { throwIfNoEntry: false });
  if (kind !== undefined && !kind.isDirectory()) {
    throw new OptionError(
      `dataDir: "${dataDir}" is not accepted (a folder, or a path where one can be made)`,
    );
  }
  const Database = loadSqlite();
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  let db: BetterSqlite3.Database;
  try {
    db = new Database(join(dataDir, DATABASE_FILE));
  } catch (error) {
    unlock();
    throw error;
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // Reads by key stay flat as the store grows: the file is mapped (no read call and copy per page)
  // and 16 MiB of pages are cached, instead of SQLite's default 2 MiB.
  db.pragma('mmap_size = 268435456');
  db.pragma('cache_size = -16384');
  db.exec(`
    CREATE TABLE IF NOT EXISTS videos (key TEXT PRIMARY KEY, seq INTEGER NOT NULL, record TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS videos_seq ON videos (seq);
  `);
  const getVideo = db.prepare<[string], { record: string }>('SELECT record FROM videos WHERE key = ?');
  const putVideo = db.prepare<[{ key: string; record: string }]>(
    `INSERT INTO videos (key, seq, record) VALUES (@key, (SELECT COALESCE(MAX(seq), 0) + 1 FROM videos), @record)
     ON CONFLICT(key) DO UPDATE SET record = excluded.record`,
  );
  const listVideos = db.prepare<[], { record: string }>('SELECT record FROM videos ORDER BY seq');
  const hasVideo = db.prepare<[string], { found: number }>('SELECT 1 AS found FROM videos WHERE key = ?');
  const getMeta = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE name = ?');
  const setMeta = db.prepare<[{ name: string; value: string }]>(
    'INSERT INTO meta (name, value) VALUES (@name, @value) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
  );
  const putMany = db.transaction((records: VideoRecord[]) => {
    for (const record of records) putVideo.run({ key: record.key, record: JSON.stringify(record) });
  });
  // One transaction (one sync under FULL) for any number of keys: seeding thousands stays fast.
  const nextKeys = db.transaction((count: number) => {
    let counter = Number(getMeta.get('counter')?.value ?? 0);
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      let key = formatKey(++counter);
      while (hasVideo.get(key)) key = formatKey(++counter);
      keys.push(key);
    }
    setMeta.run({ name: 'counter', value: String(counter) });
    return keys;
  });
  const parse = (row: { record: string } | undefined) =>
    row ? (JSON.parse(row.record) as VideoRecord) : undefined;
  // better-sqlite3 is synchronous: the read, the change and the write run with nothing between them.
  const update = db.transaction((key: string, change: (current: VideoRecord) => VideoRecord) => {
    const current = parse(getVideo.get(key));
    if (current === undefined) return undefined;
    const next = change(current);
    if (next !== current) putVideo.run({ key: next.key, record: JSON.stringify(next) });
    return next;
  });
  // One process owns the data dir: its uploads in progress end with it (none to find after a crash).
  const uploads = localUploads();
  const store: VideoStore = {
    shared: false,
    uploads,
    health: () => settled(() => ({ ready: db.open, detail: db.open ? 'SQLite in the data dir' : 'closed' })),
    get: (key) => settled(() => parse(getVideo.get(key))),
    peek: (key) => parse(getVideo.get(key)),
    update: (key, change) => settled(() => update(key, change)),
    putMany: (records) => settled(() => putMany(records)),
    list: () => settled(() => listVideos.all().map((row) => JSON.parse(row.record) as VideoRecord)),
    nextKeys: (count) => settled(() => nextKeys(count)),
    getDefinitions: () =>
      settled(() => JSON.parse(getMeta.get('definitions')?.value ?? '[]') as FieldDefinition[]),
    setDefinitions: (definitions) =>
      settled(() => {
        setMeta.run({ name: 'definitions', value: JSON.stringify(definitions) });
      }),
    getClockOffset: () => settled(() => Number(getMeta.get('clockOffset')?.value ?? 0)),
    setClockOffset: (ms) =>
      settled(() => {
        setMeta.run({ name: 'clockOffset', value: String(ms) });
      }),
    getReadings: () =>
      settled(() => {
        const text = getMeta.get('readings')?.value;
        return text === undefined ? undefined : (JSON.parse(text) as Record<string, string>);
      }),
    setReadings: (readings) =>
      settled(() => {
        if (readings === undefined) db.prepare("DELETE FROM meta WHERE name = 'readings'").run();
        else setMeta.run({ name: 'readings', value: JSON.stringify(readings) });
      }),
    watch: () => () => {},
    // The clock's offset stays: reset does not move the virtual time back.
    clear: () =>
      settled(() => {
        db.exec("DELETE FROM videos; DELETE FROM meta WHERE name <> 'clockOffset';");
        uploads.clear();
      }),
    close: () =>
      settled(() => {
        if (db.open) db.close();
        unlock();
      }),
  };
  ledgers.set(store, sqliteWebhookLedger(db));
  return store;
}
