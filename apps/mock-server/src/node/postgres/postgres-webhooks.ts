/**
 * The webhook jobs of one state in PostgreSQL (src/webhooks/job-queue.ts): targets are rows every
 * process reads; each delivery is a row that any process takes with `FOR UPDATE SKIP LOCKED`
 * under a lease (`lease_until`, the database's real time), attempts, and settles (deleted when
 * acknowledged, else kept with its next due time on the virtual clock, or given up). Only the
 * first pending delivery of a target can be taken, so each target receives its events in the
 * order they were queued, whichever process sends them; a lease that ends (its holder was killed)
 * lets another process take the delivery again, with the same event id. A plain table rather than
 * a job library (pg-boss, graphile-worker): the order per target, the virtual clock's due times
 * and the given-up deliveries are what the mock needs, and a library would hold its jobs in a
 * schema of its own beside these rows (see docs/run-for-a-team.md "Jobs" for the measurements).
 * Inserts (bounded by `maxQueue` per target, held under `reordered`) are ./postgres-enqueue.ts's,
 * also written in a store update's transaction (`stage`, ./outbox.ts); given-up deliveries beyond
 * `maxGivenUp` are forgotten as another is given up.
 */
import { randomUUID } from 'node:crypto';
import type { PendingQuery, Row, Sql } from 'postgres';
import { DEFAULT_MAX_QUEUE, MAX_GIVEN_UP } from '../../webhooks/constants.js';
import type {
  ClaimedDelivery,
  Enqueued,
  KeptDelivery,
  Settlement,
  WebhookJobs,
} from '../../webhooks/job-queue.js';
import type { StoredTarget } from '../../webhooks/ledger.js';
import type { DeliveryRecord } from '../../webhooks/types.js';
import { type Database, JOBS_CHANNEL } from './database.js';
import { type DeliveryRow, deliveryOf } from './postgres-delivery-rows.js';
import { forgetGivenUp, insertDeliveries, releaseHeld } from './postgres-enqueue.js';

/** JSON sent as text (see postgres-store.ts: the text as given, never jsonb). */
const asJson = (value: unknown): string => JSON.stringify(value);

/** Attempt records written by this process between two trims of the table. */
const TRIM_EVERY = 100;

/**
 * The webhook jobs of state `state` ('' for the default state, else the sandbox's name), keeping
 * at most `maxGivenUp` given-up deliveries (the oldest beyond are forgotten, as in memory).
 *
 * @example
 * const jobs = postgresWebhookJobs(openDatabase({ url, … }), '');
 * const [delivery] = await jobs.claim(clock.now(), 1, 30_000);
 */
export function postgresWebhookJobs(
  database: Database,
  state: string,
  limits: { maxGivenUp?: number } = {},
): WebhookJobs {
  const maxGivenUp = limits.maxGivenUp ?? MAX_GIVEN_UP;
  /** The lease holder's name: this process, and this queue in it. */
  const owner = `${process.pid}/${randomUUID().slice(0, 8)}`;
  /** A notice to the others: deliveries queued or released, or (`targets`) the targets changed. */
  const notice = (what: 'deliveries' | 'targets' = 'deliveries') => database.jobs.payload(state, what);
  const run = <T>(work: (sql: Sql) => Promise<T>) => database.run(work);
  let recorded = 0;
  /** Every TRIM_EVERY attempts of this queue, the records beyond the most recent `keep` go. */
  const trim = async (keep: number) => {
    if (++recorded % TRIM_EVERY !== 0) return;
    await run(
      (sql) => sql`DELETE FROM mock_webhook_attempts WHERE sandbox = ${state} AND seq <= (
          SELECT seq FROM mock_webhook_attempts WHERE sandbox = ${state} ORDER BY seq DESC OFFSET ${keep} LIMIT 1)`,
    );
  };
  /**
   * One statement: `change` to the delivery `key` if this queue still holds it (an UPDATE's SET, or
   * none: deleted), the attempt's record, a notice to the others when the delivery stays, and
   * (`next`) the next delivery of the same target taken at once when it is due and free: a
   * target's queue goes on without a claim of its own per delivery.
   */
  const settled = async (
    key: string,
    attempt: Omit<DeliveryRecord, 'id'>,
    change: ((sql: Sql) => PendingQuery<Row[]>) | undefined,
    next: { now: number; leaseMs: number } | undefined,
  ): Promise<{ held: boolean; next?: ClaimedDelivery }> => {
    const rows = await run(
      (sql) => sql<(Partial<DeliveryRow> & { held: string; url: string | null; secret: string | null })[]>`
        WITH done AS (${
          change === undefined
            ? sql`DELETE FROM mock_webhook_deliveries
                WHERE sandbox = ${state} AND key = ${key} AND lease_owner = ${owner} RETURNING seq, target_id`
            : sql`UPDATE mock_webhook_deliveries SET ${change(sql)}, lease_owner = NULL, lease_until = NULL
                WHERE sandbox = ${state} AND key = ${key} AND lease_owner = ${owner} RETURNING seq, target_id`
        }),
        noted AS (INSERT INTO mock_webhook_attempts (sandbox, record)
          VALUES (${state}, ${asJson(attempt)}::text::json) RETURNING 1),
        following AS (
          SELECT q.seq FROM mock_webhook_deliveries q JOIN done ON q.target_id = done.target_id
          WHERE q.sandbox = ${state} AND q.status = 'pending' AND q.seq > done.seq AND ${next !== undefined}
          ORDER BY q.seq LIMIT 1),
        taken AS (
          UPDATE mock_webhook_deliveries d SET lease_owner = ${owner},
            lease_until = clock_timestamp() + ${next?.leaseMs ?? 0} * interval '1 millisecond'
          FROM following f, mock_webhook_targets t
          WHERE d.seq = f.seq AND d.due_at <= ${next?.now ?? 0}
            AND (d.lease_until IS NULL OR d.lease_until < clock_timestamp())
            AND t.sandbox = d.sandbox AND t.id = d.target_id
          RETURNING d.*, t.url, t.secret)
        SELECT done.seq AS held, ${change === undefined ? sql`NULL` : sql`pg_notify(${JOBS_CHANNEL}, ${notice()})`} AS notified,
          taken.* FROM done LEFT JOIN taken ON true`,
    );
    const [row] = rows;
    if (!row) return { held: false };
    if (!row.key || row.url === null || row.secret === null) return { held: true };
    return { held: true, next: { ...deliveryOf(row as DeliveryRow), url: row.url, secret: row.secret } };
  };
  type Settle = (
    key: string,
    attempt: Omit<DeliveryRecord, 'id'>,
    next: { now: number; leaseMs: number } | undefined,
  ) => ReturnType<typeof settled>;
  const settlements: { [K in Settlement['kind']]: (settlement: Extract<Settlement, { kind: K }>) => Settle } =
    {
      delivered: () => (key, attempt, next) => settled(key, attempt, undefined, next),
      retry:
        ({ delivery: d }) =>
        (key, attempt) =>
          settled(
            key,
            attempt,
            (sql) => sql`attempts = ${d.attempts}, first_at = ${d.firstAt ?? null}, due_at = ${d.dueAt},
            last_status = ${d.lastStatus ?? null}, last_error = ${d.lastError ?? null}`,
            undefined,
          ),
      'given-up':
        ({ delivery: d }) =>
        (key, attempt, next) =>
          settled(
            key,
            attempt,
            (
              sql,
            ) => sql`status = 'given-up', given_up_at = ${d.givenUpAt ?? d.dueAt}, attempts = ${d.attempts},
            first_at = ${d.firstAt ?? null}, last_status = ${d.lastStatus ?? null}, last_error = ${d.lastError ?? null}`,
            next,
          ),
      released: () => (key, attempt) => settled(key, attempt, (sql) => sql`attempts = attempts`, undefined),
    };
  return {
    async targets() {
      const rows = await run(
        (sql) => sql<{ id: string; url: string; secret: string; from_options: boolean }[]>`
          SELECT id, url, secret, from_options FROM mock_webhook_targets WHERE sandbox = ${state} ORDER BY seq`,
      );
      return rows.map((row) => ({
        id: row.id,
        url: row.url,
        secret: row.secret,
        fromOptions: row.from_options,
      }));
    },
    async addTarget(target: StoredTarget) {
      const rows = await run(
        (sql) => sql`WITH added AS (
            INSERT INTO mock_webhook_targets (sandbox, id, url, secret, from_options)
            VALUES (${state}, ${target.id}, ${target.url}, ${target.secret}, ${target.fromOptions})
            ON CONFLICT DO NOTHING RETURNING 1)
          SELECT pg_notify(${JOBS_CHANNEL}, ${notice('targets')}) FROM added`,
      );
      return rows.length > 0;
    },
    async deleteTarget(id) {
      const rows = await run(
        (sql) => sql`WITH gone AS (
            DELETE FROM mock_webhook_targets WHERE sandbox = ${state} AND id = ${id} RETURNING 1)
          SELECT pg_notify(${JOBS_CHANNEL}, ${notice('targets')}) FROM gone`,
      );
      return rows.length > 0;
    },
    enqueue: (jobs, copies, dueAt, options = {}) =>
      run((sql) =>
        sql.begin((tx) =>
          insertDeliveries(
            tx,
            state,
            { jobs, copies, dueAt, ...options },
            options.maxQueue ?? DEFAULT_MAX_QUEUE,
            notice(),
          ),
        ),
      ),
    stage: (jobs, copies, dueAt, options, done) => {
      let enqueued: Enqueued | undefined;
      return database.outbox.stage(state, {
        async write(tx) {
          const batch = { jobs, copies, dueAt, ...options };
          enqueued = await insertDeliveries(
            tx,
            state,
            batch,
            options.maxQueue ?? DEFAULT_MAX_QUEUE,
            notice(),
          );
        },
        done: (committed) => done(committed ? enqueued : undefined),
      });
    },
    async claim(now, limit, leaseMs) {
      if (limit <= 0) return [];
      await run((sql) => releaseHeld(sql, state, owner));
      const rows = await run(
        (sql) => sql<(DeliveryRow & { url: string; secret: string })[]>`
          UPDATE mock_webhook_deliveries d
          SET lease_owner = ${owner}, lease_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
          FROM mock_webhook_targets t
          WHERE d.seq IN (
              -- the first pending delivery of each target (an index lookup per target, whatever
              -- the queue's length); its conditions on c, so a row another taker changed meanwhile is checked again
              SELECT c.seq FROM mock_webhook_targets h
              CROSS JOIN LATERAL (
                SELECT q.seq FROM mock_webhook_deliveries q
                WHERE q.sandbox = h.sandbox AND q.target_id = h.id AND q.status = 'pending'
                ORDER BY q.seq LIMIT 1) head
              JOIN mock_webhook_deliveries c ON c.seq = head.seq
              WHERE h.sandbox = ${state} AND c.status = 'pending' AND c.due_at <= ${now}
                AND (c.lease_until IS NULL OR c.lease_until < clock_timestamp())
              ORDER BY c.due_at, c.seq
              LIMIT ${limit}
              FOR UPDATE OF c SKIP LOCKED)
            AND t.sandbox = d.sandbox AND t.id = d.target_id
          RETURNING d.*, t.url, t.secret`,
      );
      return rows.map((row): ClaimedDelivery => ({ ...deliveryOf(row), url: row.url, secret: row.secret }));
    },
    async settle(key, settlement, attempt, keep, next) {
      const settle = (settlements[settlement.kind] as (settlement: Settlement) => Settle)(settlement);
      const result = await settle(key, attempt, next);
      if (settlement.kind === 'given-up' && result.held) {
        const forgotten = await run((sql) => forgetGivenUp(sql, state, maxGivenUp));
        if (forgotten.length > 0) return { ...result, forgotten };
      }
      await trim(keep).catch(() => {}); // the records are a view: a trim missed is the next one's
      return result;
    },
    async releaseAll() {
      const [row] = await run(
        (sql) => sql<{ released: number }[]>`WITH released AS (
            UPDATE mock_webhook_deliveries SET lease_owner = NULL, lease_until = NULL
            WHERE sandbox = ${state} AND lease_owner = ${owner} RETURNING 1),
          counted AS (SELECT count(*)::int AS released FROM released)
          SELECT released, (SELECT pg_notify(${JOBS_CHANNEL}, ${notice()}) WHERE released > 0) FROM counted`,
      );
      return row?.released ?? 0;
    },
    async kept() {
      const rows = await run(
        (sql) => sql<(DeliveryRow & { url: string; leased: boolean })[]>`
          SELECT d.*, t.url, (d.status = 'pending' AND coalesce(d.lease_until > clock_timestamp(), false)) AS leased
          FROM mock_webhook_deliveries d JOIN mock_webhook_targets t ON t.sandbox = d.sandbox AND t.id = d.target_id
          WHERE d.sandbox = ${state} ORDER BY t.seq, d.seq`,
      );
      return rows.map(
        (row): KeptDelivery => ({ delivery: deliveryOf(row), url: row.url, leased: row.leased }),
      );
    },
    async counts() {
      const [row] = await run(
        (sql) => sql<{ pending: number; given_up: number }[]>`
          SELECT count(*) FILTER (WHERE status <> 'given-up')::int AS pending,
            count(*) FILTER (WHERE status = 'given-up')::int AS given_up
          FROM mock_webhook_deliveries WHERE sandbox = ${state}`,
      );
      return { pending: row?.pending ?? 0, givenUp: row?.given_up ?? 0 };
    },
    async redeliver(keys, now) {
      if (keys.length === 0) return;
      await run(
        (sql) => sql`WITH again AS (
            UPDATE mock_webhook_deliveries SET status = 'pending', attempts = 0, first_at = NULL, due_at = ${now},
              given_up_at = NULL, last_status = NULL, last_error = NULL, lease_owner = NULL, lease_until = NULL,
              seq = nextval(pg_get_serial_sequence('mock_webhook_deliveries', 'seq'))
            WHERE sandbox = ${state} AND key IN ${sql(keys)} AND status = 'given-up' RETURNING 1)
          SELECT pg_notify(${JOBS_CHANNEL}, ${notice()}) WHERE EXISTS (SELECT 1 FROM again)`,
      );
    },
    async records(limit) {
      const rows = await run(
        (sql) => sql<{ seq: string; record: Omit<DeliveryRecord, 'id'> }[]>`
          SELECT seq, record FROM (
            SELECT seq, record FROM mock_webhook_attempts WHERE sandbox = ${state} ORDER BY seq DESC LIMIT ${limit}
          ) recent ORDER BY seq`,
      );
      return rows.map((row) => ({ id: `dlv_${row.seq}`, ...row.record }));
    },
    watch: (listener) =>
      database.jobs.watch(state, (heard) => {
        if (heard.kind === 'reconnected' || heard.body === 'targets') listener('targets');
        else if (heard.body === 'deliveries') listener('deliveries');
      }),
    close: () => database.release(),
  };
}
