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
  /** The payload of a notice on CHANGES_CHANNEL that this process changed state `state`. */
  notice(state: string): string;
  /**
   * Calls `listener` when another process sends a notice for `state`, and after the listening
   * connection came back from a loss (a notice may have been missed); returns a function that stops.
   */
  watch(state: string, listener: () => void): () => void;
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

/** The listening side of CHANGES_CHANNEL: one connection per pool, its watchers by state. */
function changesListener(sql: Sql, self: string, ready: Promise<void>, log: Log) {
  const watchers = new Map<string, Set<() => void>>();
  let listening = false;
  let connections = 0;
  const everyone = () => {
    for (const set of watchers.values()) for (const listener of set) listener();
  };
  const heard = (payload: string) => {
    const cut = payload.indexOf('\n');
    if (payload.slice(0, cut) === self) return; // this process's own change
    for (const listener of watchers.get(payload.slice(cut + 1)) ?? []) listener();
  };
  const listen = () => {
    if (listening) return;
    listening = true;
    ready
      .then(() =>
        sql.listen(CHANGES_CHANNEL, heard, () => {
          // A connection after the first: the notices sent while it was lost are gone.
          if (connections++ > 0) everyone();
        }),
      )
      .catch((error: unknown) => {
        listening = false;
        log('warn', { msg: 'not listening for changes of other instances', error: String(error) });
      });
  };
  return (state: string, listener: () => void) => {
    const set = watchers.get(state) ?? new Set<() => void>();
    watchers.set(state, set);
    set.add(listener);
    listen();
    return () => {
      set.delete(listener);
    };
  };
}

const open = new Map<string, { database: Database; holders: number }>();

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
  const watch = changesListener(sql, self, readyPromise, options.log);
  const database: Database = {
    where,
    notice: (state) => `${self}\n${state}`,
    watch,
    ready: readyPromise,
    isReady: () => ready,
    async run(work) {
      if (!ready) await readyPromise;
      try {
        return await work(sql);
      } catch (error) {
        throw asUnavailable(error) ?? error;
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
