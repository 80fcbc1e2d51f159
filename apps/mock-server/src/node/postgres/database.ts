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
import { createOutbox, type Outbox } from './outbox.js';
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
  /** This process's name on the channels (and on the journal entries it keeps). */
  readonly self: string;
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
  /**
   * A change of `state`'s control values about to be sent: the `payload` to notify on the changes
   * channel in the change's own statement, and `held()`, which resolves once every other process
   * listening on this database said it took the change up (or after HOLD_WAIT_MS, logged).
   */
  announce(state: string): { payload: string; held(): Promise<void> };
  /** Tells the process that announced a change (the body of its notice) that this one took it up. */
  hold(notice: string): Promise<void>;
  /** That a state's jobs changed (JOBS_CHANNEL): webhook targets, deliveries queued or released. */
  readonly jobs: Channel;
  /** Job writes staged during a store update, written in its transaction (./outbox.ts). */
  readonly outbox: Outbox;
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

/**
 * Whether `error` may be the end of an earlier backend replayed onto a query that was never sent.
 * postgres.js (3.4.9) keeps the error of a query in flight when the server ends its backend (a
 * shutdown, a restart, `pg_terminate_backend`: 57P01, a crash: 57P02) and gives it to the first
 * query of the connection it reconnects (upstream issue 1223): the database back, a request would
 * answer 503. Such a query is run once more. One that the server really ended is not harmed by
 * that: a backend ended mid-transaction rolled it back, and a server shutting down refuses the
 * second try at once (ECONNREFUSED or 57P03), which is then the request's 503.
 */
function isReplayedEnd(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '57P01' || code === '57P02';
}

/**
 * Seconds a connection waits before it connects again after `retries` failed attempts of the pool.
 * The driver's own backoff grows to 10–20 s after about seven failures (its count is the pool's,
 * and every request during an outage adds to it), and the queries queued on that connection wait
 * with it: the database back, a request could still wait that long for a 200 (measured: 2.2 s and
 * more than 5 s after a 20-second outage under three instances). Capped at half a second, a
 * request waits at most that for a connection the database would accept.
 */
const reconnectDelaySeconds = (retries: number): number => Math.min(0.05 * retries, 0.5);

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

/** The channel on which a process says it took up another's change (addressed to the announcer). */
const HOLDS_CHANNEL = 'video_api_mock_holds';

/** Longest a change waits for the other processes to hold it before it answers anyway (ms). */
const HOLD_WAIT_MS = 2000;

/**
 * How many processes listen on this database's channels now, this one included (postgres.js gives
 * each pool one listening connection, whose last statement is a LISTEN on one of them). A process
 * that died has no connection left: it is not waited for.
 */
async function listeningProcesses(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    SELECT count(*)::int AS count FROM pg_stat_activity
    WHERE datname = current_database() AND query LIKE ${'listen "video_api_mock_%'}`;
  return row?.count ?? 0;
}
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
    backoff: reconnectDelaySeconds,
    // No query of the driver's own at each connection's start (the mock sends no arrays): one
    // round trip less per connection, and one place less where the replay below begins.
    fetch_types: false,
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
  const channel = (name: string, unheard?: (state: string, body: string) => void) =>
    openChannel({ sql, name, self, ready: readyPromise, log: options.log, ...(unheard && { unheard }) });
  // A change of a state this process never opened (a sandbox used only elsewhere): nothing to take up.
  const changes = channel(CHANGES_CHANNEL, (_state, body) => {
    if (body !== '') database.hold(body).catch(() => {});
  });
  const holds = channel(HOLDS_CHANNEL);
  /** Per change this process announced: the holds heard so far, and what waits for them. */
  const announced = new Map<string, { heard: number; wake?: () => void }>();
  let changesSent = 0;
  holds.watch(self, (heard) => {
    if (heard.kind !== 'message') return;
    const change = announced.get(heard.body);
    if (!change) return;
    change.heard++;
    change.wake?.();
  });
  const database: Database = {
    self,
    where,
    changes,
    journal: channel(JOURNAL_CHANNEL),
    announce(state) {
      const id = `${self} ${++changesSent}`;
      const change: { heard: number; wake?: () => void } = { heard: 0 };
      announced.set(id, change);
      return {
        payload: changes.payload(state, id),
        held: async () => {
          try {
            const others = (await database.run(listeningProcesses)) - (changes.listening() ? 1 : 0);
            const deadline = performance.now() + HOLD_WAIT_MS;
            while (change.heard < others) {
              const left = deadline - performance.now();
              if (left <= 0) {
                options.log('warn', {
                  msg: 'a change is not yet held by every instance',
                  instances: others,
                  held: change.heard,
                  waitedMs: HOLD_WAIT_MS,
                });
                return;
              }
              await new Promise<void>((resolve) => {
                const timer = setTimeout(resolve, left);
                change.wake = () => {
                  clearTimeout(timer);
                  resolve();
                };
              });
            }
          } finally {
            announced.delete(id);
          }
        },
      };
    },
    async hold(notice) {
      const announcer = notice.slice(0, notice.indexOf(' '));
      if (announcer) await database.notify(HOLDS_CHANNEL, holds.payload(announcer, notice));
    },
    jobs: channel(JOBS_CHANNEL),
    outbox: createOutbox(),
    async notify(name, payload) {
      await database.run((db) => db.notify(name, payload));
    },
    ready: readyPromise,
    isReady: () => ready,
    async run(work) {
      if (!ready) await readyPromise;
      inFlight++;
      try {
        return await work(sql).catch((error: unknown) => {
          if (!isReplayedEnd(error)) throw error;
          return work(sql);
        });
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
