/**
 * The bounds of the shared job queue (postgres-webhooks.ts): how the deliveries of events are
 * inserted into it (given-up ones beyond the cap forgotten at the end of this file), in
 * the caller's transaction: the state's targets are locked first (`FOR UPDATE`, in their order, so
 * two inserts never wait on each other in a cycle), then each target's waiting deliveries are
 * counted in a statement of their own (it sees what an insert that held the locks before committed),
 * and an event goes to a target only if all its copies fit under `maxQueue` there (as the memory
 * dispatcher's target queue, src/webhooks/target-queue.ts: the event is refused for that target,
 * logged by the caller). Under `webhook-delivery=reordered` the deliveries are inserted `held`
 * for the window (`lease_until`: the database's real time, as the memory dispatcher's window is
 * real time) and shuffled when a taker releases them (`releaseHeld`): nothing is held only in a
 * process's memory, so a process killed during the window loses none of them.
 */
import type { Sql, TransactionSql } from 'postgres';
import type { Enqueued, EnqueueOptions, Forgotten } from '../../webhooks/job-queue.js';
import type { EventJob } from '../../webhooks/types.js';

/** The events of one insert, in order: `copies[i]` copies of `jobs[i]`, due at `dueAt` (virtual ms). */
interface EventBatch extends EnqueueOptions {
  jobs: EventJob[];
  copies: number[];
  dueAt: number;
}

import { JOBS_CHANNEL } from './database.js';

/** JSON sent as text (see postgres-store.ts: the text as given, never jsonb). */
const asJson = (value: unknown): string => JSON.stringify(value);

/**
 * Inserts the deliveries of `batch` to every target of `state`, in `tx` (a transaction); `notice`
 * is sent at commit when any was inserted.
 *
 * @example
 * await sql.begin((tx) => insertDeliveries(tx, '', { jobs, copies: [1], dueAt: 0 }, 10_000, notice));
 */
export async function insertDeliveries(
  tx: TransactionSql,
  state: string,
  batch: EventBatch,
  maxQueue: number,
  notice: string,
): Promise<Enqueued> {
  const { jobs, copies } = batch;
  const held = batch.holdMs !== undefined;
  if (jobs.length === 0) return { queued: 0, refused: [] };
  const targets = await tx<{ id: string }[]>`
    SELECT id FROM mock_webhook_targets WHERE sandbox = ${state} ORDER BY seq FOR UPDATE`;
  if (targets.length === 0) return { queued: 0, refused: [] };
  const counted = await tx<{ target_id: string; waiting: number }[]>`
    SELECT target_id, count(*)::int AS waiting FROM mock_webhook_deliveries
    WHERE sandbox = ${state} AND status IN ('pending', 'held') GROUP BY target_id`;
  const waiting = new Map(counted.map((row) => [row.target_id, row.waiting]));
  const rows: Array<{ n: number; position: number; target: string; copy: number }> = [];
  const refused: Enqueued['refused'] = [];
  for (const { id } of targets) {
    let count = waiting.get(id) ?? 0;
    for (const [index, job] of jobs.entries()) {
      const n = copies[index] ?? 1;
      if (count + n > maxQueue) {
        refused.push({ targetId: id, eventId: job.eventId });
        continue;
      }
      count += n;
      for (let copy = 0; copy < n; copy++)
        rows.push({ n: rows.length, position: index + 1, target: id, copy });
    }
  }
  if (rows.length === 0) return { queued: 0, refused };
  const [row] = await tx<{ queued: number }[]>`WITH queued AS (
      INSERT INTO mock_webhook_deliveries (sandbox, key, target_id, copy, job, due_at, status, lease_until)
      SELECT ${state}, (given.job ->> 'eventId') || '/' || r.target || '/' || r.copy, r.target, r.copy,
        given.job, ${batch.dueAt}, ${held ? 'held' : 'pending'},
        ${held ? tx`clock_timestamp() + ${batch.holdMs ?? 0} * interval '1 millisecond'` : tx`NULL`}
      FROM json_to_recordset(${asJson(rows)}::text::json) AS r (n int, position int, target text, copy int)
      JOIN json_array_elements(${asJson(jobs)}::text::json) WITH ORDINALITY AS given (job, position)
        ON given.position = r.position
      ORDER BY r.n
      ON CONFLICT (sandbox, key) DO NOTHING
      RETURNING 1),
    counted AS (SELECT count(*)::int AS queued FROM queued)
    SELECT queued, (SELECT pg_notify(${JOBS_CHANNEL}, ${notice}) WHERE queued > 0) FROM counted`;
  return { queued: row?.queued ?? 0, refused };
}

/**
 * Makes the held deliveries of `state` whose window ended pending, last in their targets'
 * queues, in a shuffled order (the same for every target: by a hash of the event id and `seed`)
 * that is never the order they were queued in when a target had two or more (the first goes last
 * then). Rows another taker releases meanwhile are skipped.
 */
export async function releaseHeld(sql: Sql, state: string, seed: string): Promise<number> {
  const rows = await sql<{ seq: string }[]>`
    WITH due AS (
      SELECT seq, target_id, md5(${seed} || (job ->> 'eventId')) AS shuffle FROM mock_webhook_deliveries
      WHERE sandbox = ${state} AND status = 'held' AND lease_until <= clock_timestamp()
      FOR UPDATE SKIP LOCKED),
    ranked AS (
      SELECT seq, target_id, count(*) OVER (PARTITION BY target_id) AS n,
        row_number() OVER (PARTITION BY target_id ORDER BY seq) AS came,
        row_number() OVER (PARTITION BY target_id ORDER BY shuffle, seq) AS shuffled FROM due),
    unchanged AS (SELECT target_id FROM ranked GROUP BY target_id HAVING bool_and(came = shuffled)),
    ordered AS (
      SELECT r.seq, nextval(pg_get_serial_sequence('mock_webhook_deliveries', 'seq')) AS next
      FROM (SELECT ranked.*, CASE WHEN u.target_id IS NULL THEN shuffled ELSE (came + n - 2) % n END AS place
        FROM ranked LEFT JOIN unchanged u USING (target_id) ORDER BY target_id, place) r)
    UPDATE mock_webhook_deliveries d SET status = 'pending', seq = ordered.next, lease_until = NULL
    FROM ordered WHERE d.seq = ordered.seq
    RETURNING d.seq`;
  return rows.length;
}

/**
 * Deletes the given-up deliveries of `state` beyond the most recent `max` (the memory dispatcher's
 * MAX_GIVEN_UP); resolves to those it deleted, oldest first (the caller logs them).
 */
export async function forgetGivenUp(sql: Sql, state: string, max: number): Promise<Forgotten[]> {
  const rows = await sql<{ key: string; event_id: string; given_up_at: string; seq: string }[]>`
    DELETE FROM mock_webhook_deliveries WHERE seq IN (
      SELECT seq FROM mock_webhook_deliveries WHERE sandbox = ${state} AND status = 'given-up'
      ORDER BY given_up_at DESC, seq DESC OFFSET ${max})
    RETURNING key, job ->> 'eventId' AS event_id, given_up_at, seq`;
  const order = (row: (typeof rows)[number]) => [Number(row.given_up_at), Number(row.seq)] as const;
  return [...rows]
    .sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1])
    .map((row) => ({ key: row.key, eventId: row.event_id }));
}
