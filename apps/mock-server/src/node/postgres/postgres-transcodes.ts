/**
 * The transcodes of one state in PostgreSQL (src/node/transcode/shared-processor.ts): an upload
 * waiting for its renditions is a row that any process with ffmpeg takes with `FOR UPDATE SKIP
 * LOCKED` under a lease, renewed while ffmpeg runs; a process that dies stops renewing, and once
 * its lease ends another process takes the upload again. The row goes when the transcode ends.
 */
import { randomUUID } from 'node:crypto';
import type { StoredSource } from '../../state/source-sink.js';
import { type Database, JOBS_CHANNEL } from './database.js';

/** The transcode jobs of one state (a store several processes share). */
export interface TranscodeJobs {
  /** Queues the transcode of `key` (replacing one of `key` not yet done, and its lease). */
  queue(key: string, source: StoredSource): Promise<void>;
  /** Takes at most `limit` queued transcodes no lease holds, oldest first, under a lease of `leaseMs`. */
  claim(
    limit: number,
    leaseMs: number,
  ): Promise<Array<{ key: string; source: StoredSource; attempts: number }>>;
  /** Extends the leases this queue holds on `keys`. */
  renew(keys: string[], leaseMs: number): Promise<void>;
  /** The transcode of `key` this queue held ended: its row goes; false when the lease was lost. */
  finish(key: string): Promise<boolean>;
  /** Removes the transcode of `key`, whoever holds it (a re-upload, a forced phase). */
  cancel(key: string): Promise<void>;
  /** Removes every transcode of the state (a reset). */
  clear(): Promise<void>;
  /** Gives back every lease this queue holds; resolves to how many. */
  releaseAll(): Promise<number>;
  /** How many transcodes wait or run. */
  pending(): Promise<number>;
  /** Calls `listener` when another process queued or released a transcode. */
  watch(listener: () => void): () => void;
  close(): Promise<void>;
}

/** JSON sent as text (see postgres-store.ts). */
const asJson = (value: unknown): string => JSON.stringify(value);

/**
 * @example
 * const jobs = postgresTranscodeJobs(database, '');
 * await jobs.queue('v-0001', source);
 */
export function postgresTranscodeJobs(database: Database, state: string): TranscodeJobs {
  const owner = `${process.pid}/${randomUUID().slice(0, 8)}`;
  const notice = () => database.jobs.payload(state, 'transcode');
  return {
    async queue(key, source) {
      await database.run(
        (sql) => sql`WITH queued AS (
            INSERT INTO mock_transcodes (sandbox, key, source) VALUES (${state}, ${key}, ${asJson(source)}::text::json)
            ON CONFLICT (sandbox, key) DO UPDATE SET source = excluded.source, attempts = 0,
              lease_owner = NULL, lease_until = NULL, seq = nextval(pg_get_serial_sequence('mock_transcodes', 'seq'))
            RETURNING 1)
          SELECT pg_notify(${JOBS_CHANNEL}, ${notice()}) FROM queued`,
      );
    },
    async claim(limit, leaseMs) {
      if (limit <= 0) return [];
      const rows = await database.run(
        (sql) => sql<{ key: string; source: StoredSource; attempts: number }[]>`
          UPDATE mock_transcodes t SET lease_owner = ${owner}, attempts = t.attempts + 1,
            lease_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
          WHERE (t.sandbox, t.key) IN (
            SELECT c.sandbox, c.key FROM mock_transcodes c
            WHERE c.sandbox = ${state} AND (c.lease_until IS NULL OR c.lease_until < clock_timestamp())
            ORDER BY c.seq LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING t.key, t.source, t.attempts`,
      );
      return rows.map((row) => ({ key: row.key, source: row.source, attempts: row.attempts }));
    },
    async renew(keys, leaseMs) {
      if (keys.length === 0) return;
      await database.run(
        (
          sql,
        ) => sql`UPDATE mock_transcodes SET lease_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
          WHERE sandbox = ${state} AND key IN ${sql(keys)} AND lease_owner = ${owner}`,
      );
    },
    async finish(key) {
      const rows = await database.run(
        (sql) => sql`DELETE FROM mock_transcodes
          WHERE sandbox = ${state} AND key = ${key} AND lease_owner = ${owner} RETURNING 1`,
      );
      return rows.length > 0;
    },
    async cancel(key) {
      await database.run((sql) => sql`DELETE FROM mock_transcodes WHERE sandbox = ${state} AND key = ${key}`);
    },
    async clear() {
      await database.run((sql) => sql`DELETE FROM mock_transcodes WHERE sandbox = ${state}`);
    },
    async releaseAll() {
      const rows = await database.run(
        (sql) => sql`WITH released AS (
            UPDATE mock_transcodes SET lease_owner = NULL, lease_until = NULL
            WHERE sandbox = ${state} AND lease_owner = ${owner} RETURNING 1)
          SELECT pg_notify(${JOBS_CHANNEL}, ${notice()}) FROM released`,
      );
      return rows.length;
    },
    async pending() {
      const [row] = await database.run(
        (sql) =>
          sql<{ n: number }[]>`SELECT count(*)::int AS n FROM mock_transcodes WHERE sandbox = ${state}`,
      );
      return row?.n ?? 0;
    },
    watch: (listener) =>
      database.jobs.watch(state, (heard) => {
        if (heard.kind === 'reconnected' || heard.body === 'transcode') listener();
      }),
    close: () => database.release(),
  };
}
