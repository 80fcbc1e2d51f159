/**
 * One PostgreSQL connection pool per database URL in a process, shared by the default state and
 * every sandbox (postgres.js: pure JavaScript, prepared statements, reconnects by itself). It is
 * ready once the database answered and the migrations are applied; while the database cannot be
 * reached at start it waits, with one log line per change, and every query that meets an
 * unavailable database rejects with StoreUnavailable (a prompt 503, never a hang: the connect
 * timeout and the statement timeout bound each one).
 */
import { randomUUID } from 'node:crypto';
import postgres, { type Sql } from 'postgres';
import type { Log } from '../../shared/log.js';
import type { StoreHealth } from '../../state/video-store.js';
import { type Channel, openChannel } from './channels.js';
import { migrate, migrated } from './migrations.js';
import { asUnavailable } from './unavailable.js';

export interface DatabaseOptions {
  url: string;
  /** Most connections the process opens. */
  poolSize: number;
  /** Longest a statement may run before PostgreSQL cancels it (ms). */
  statementTimeoutMs: number;
  /** Longest a connection may take to open (ms). */
  connectTimeoutMs: number;
  log: Log;
}

export interface Database {
  /** Where the database is, for log lines: host, port and database name, never credentials. */
  readonly where: string;
  /** Resolves once the database answered and the migrations are applied (it retries until then). */
  readonly ready: Promise<void>;
  /** Whether `ready` resolved. */
  isReady(): boolean;
  /** Runs `work` once ready; connection trouble rejects as StoreUnavailable. */
  run<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /** That a state's control values changed (CHANGES_CHANNEL): sent with each change, heard by the others. */
  readonly changes: Channel;
  /** The journal entries each process records (JOURNAL_CHANNEL). */
  readonly journal: Channel;
  /** That a state's jobs changed (JOBS_CHANNEL): webhook targets, deliveries queued or released. */
  readonly jobs: Channel;
  /** Sends `payload` on `channel` (no transaction of its own: a notice sent at once). */
  notify(channel: string, payload: string): Promise<void>;
  /** Whether the database answers now and its schema is migrated (`/readyz`). */
  health(): Promise<StoreHealth>;
  /** Gives the pool back: the last holder's release closes it. */
  release(): Promise<void>;
}

/** `host:port/database` of a URL the options accepted (what the log names: never the credentials). */
function whereOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname || 'localhost'}:${parsed.port || 5432}${parsed.pathname || '/'}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** Migrates, retrying while the database is unavailable (1 s, then up to 5 s apart). */
async function migrateWhenUp(sql: Sql, where: string, log: Log, closed: () => boolean): Promise<void> {
  let waiting = false;
  for (let attempt = 0; ; attempt++) {
    try {
      const applied = await migrate(sql);
      log('info', { msg: 'database ready', database: where, migrationsApplied: applied });
      return;
    } catch (error) {
      const unavailable = asUnavailable(error);
      if (!unavailable || closed()) throw error;
      if (!waiting)
        log('warn', { msg: 'waiting for the database', database: where, reason: unavailable.reason });
      waiting = true;
      await sleep(Math.min(1000 * (attempt + 1), 5000));
    }
  }
}

/** The channel of the notices that a state's control values changed (LISTEN/NOTIFY). */
export const CHANGES_CHANNEL = 'video_api_mock_changes';

/** The channel of the journal entries each process records (the live journal of every instance). */
export const JOURNAL_CHANNEL = 'video_api_mock_journal';

/** The channel of the notices that a state's jobs changed (targets, deliveries queued or released). */
export const JOBS_CHANNEL = 'video_api_mock_jobs';

const open = new Map<string, { database: Database; holders: number }>();

/** Queries running now in this process, over every pool (a gauge of the metrics, src/node/metrics/). */
let inFlight = 0;

/** How many `run()` calls of this process's pools are running now. */
export function queriesInFlight(): number {
  return inFlight;
}

/**
 * The pool of `options.url` in this process, opened on first use (later callers share it).
 *
 * @example
 * const db = openDatabase({ url, poolSize: 10, statementTimeoutMs: 5000, connectTimeoutMs: 5000, log });
 * await db.run((sql) => sql`select 1`);
 */
export function openDatabase(options: DatabaseOptions): Database {
  const shared = open.get(options.url);
  if (shared) {
    shared.holders++;
    return shared.database;
  }
  const where = whereOf(options.url);
  const sql = postgres(options.url, {
    max: options.poolSize,
    connect_timeout: Math.max(1, Math.ceil(options.connectTimeoutMs / 1000)),
    idle_timeout: 60,
    onnotice: () => {},
    connection: {
      application_name: 'video-api-mock',
      statement_timeout: options.statementTimeoutMs,
      lock_timeout: options.statementTimeoutMs,
    },
  });
  let closed = false;
  let ready = false;
  const readyPromise = migrateWhenUp(sql, where, options.log, () => closed).then(() => {
    ready = true;
  });
  readyPromise.catch(() => {}); // its error is each caller's
  const self = randomUUID();
  const channel = (name: string) => openChannel({ sql, name, self, ready: readyPromise, log: options.log });
  const database: Database = {
    where,
    changes: channel(CHANGES_CHANNEL),
    journal: channel(JOURNAL_CHANNEL),
    jobs: channel(JOBS_CHANNEL),
    async notify(name, payload) {
      await database.run((db) => db.notify(name, payload));
    },
    ready: readyPromise,
    isReady: () => ready,
    async run(work) {
      if (!ready) await readyPromise;
      inFlight++;
      try {
        return await work(sql);
      } catch (error) {
        throw asUnavailable(error) ?? error;
      } finally {
        inFlight--;
      }
    },
    async health() {
      if (!ready) return { ready: false, detail: `waiting for the database at ${where}` };
      try {
        const current = await migrated(sql);
        return current
          ? { ready: true, detail: `PostgreSQL at ${where}` }
          : { ready: false, detail: `the database at ${where} lacks migrations this mock needs` };
      } catch (error) {
        const reason = asUnavailable(error)?.reason ?? 'the database failed to answer';
        return { ready: false, detail: `PostgreSQL at ${where}: ${reason}` };
      }
    },
    async release() {
      const entry = open.get(options.url);
      if (!entry || --entry.holders > 0) return;
      open.delete(options.url);
      closed = true;
      await sql.end({ timeout: 5 });
    },
  };
  open.set(options.url, { database, holders: 1 });
  return database;
}
