/**
 * The uploads in progress of one state in PostgreSQL (`mock_uploads`): the `uploading` phase as
 * one truth for every process. An upload is a row under a lease (the database's real time) that
 * its process renews while the body streams, and deletes when the upload ends; a process killed
 * mid-upload stops renewing, and once its lease ends the row counts no more (the video shows
 * `created` again, on every process). The begin and the end of the uploads of one video take its
 * row's lock, so exactly one of them is the first and one the last (one event each way).
 */
import type { TransactionSql } from 'postgres';
import type { VideoRecord } from '../../state/types.js';
import type { UploadsInProgress } from '../../state/uploads-in-progress.js';
import type { Database } from './database.js';

/** The rows of one state's uploads, each call one transaction. */
export interface UploadLeases {
  /** Records an upload of `key` under a lease of `leaseMs`; `first`: no other lease of `key` holds. */
  begin(key: string, leaseMs: number): Promise<{ id: string; first: boolean }>;
  /** Extends the leases `ids` (rows gone, e.g. after a reset, stay gone). */
  renew(ids: string[], leaseMs: number): Promise<void>;
  /** Deletes the upload `id` of `key`; resolves to whether it was there and no other lease of `key` holds. */
  end(key: string, id: string): Promise<boolean>;
}

/** SQL: whether a lease of the video row `v` holds now (the column the store's reads add as `uploading`). */
export const UPLOADING_NOW = `EXISTS (SELECT 1 FROM mock_uploads u
  WHERE u.sandbox = v.sandbox AND u.key = v.key AND u.lease_until > clock_timestamp())`;

/**
 * @example
 * const leases = uploadLeases(database, '');
 * const { id, first } = await leases.begin('v-0001', 30_000);
 */
export function uploadLeases(database: Database, state: string): UploadLeases {
  /** Within `tx`: the video's row lock (nothing when the video is gone), then its leases that ended go. */
  const lockVideo = async (tx: TransactionSql, key: string) => {
    await tx`SELECT 1 FROM mock_videos WHERE sandbox = ${state} AND key = ${key} FOR UPDATE`;
    await tx`DELETE FROM mock_uploads
      WHERE sandbox = ${state} AND key = ${key} AND lease_until <= clock_timestamp()`;
  };
  return {
    begin: (key, leaseMs) =>
      database.run((sql) =>
        sql.begin(async (tx) => {
          await lockVideo(tx, key);
          const [row] = await tx<{ id: string; others: number }[]>`
            WITH others AS (SELECT count(*)::int AS n FROM mock_uploads WHERE sandbox = ${state} AND key = ${key})
            INSERT INTO mock_uploads (sandbox, key, lease_until)
            VALUES (${state}, ${key}, clock_timestamp() + ${leaseMs} * interval '1 millisecond')
            RETURNING id::text AS id, (SELECT n FROM others) AS others`;
          if (!row) throw new Error('mock_uploads: the insert returned no row');
          return { id: row.id, first: row.others === 0 };
        }),
      ),
    async renew(ids, leaseMs) {
      if (ids.length === 0) return;
      await database.run(
        (sql) => sql`UPDATE mock_uploads
          SET lease_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
          WHERE sandbox = ${state} AND id IN ${sql(ids)}`,
      );
    },
    end: (key, id) =>
      database.run((sql) =>
        sql.begin(async (tx) => {
          await lockVideo(tx, key);
          const gone = await tx`DELETE FROM mock_uploads WHERE sandbox = ${state} AND id = ${id} RETURNING 1`;
          if (gone.length === 0) return false;
          const [left] = await tx<{ n: number }[]>`
            SELECT count(*)::int AS n FROM mock_uploads WHERE sandbox = ${state} AND key = ${key}`;
          return left?.n === 0;
        }),
      ),
  };
}

/** The store's side of its uploads: `has` for the records it read, and the leases it holds. */
export interface SharedUploads extends UploadsInProgress {
  /** `record` as read with its `uploading` column; returns it. */
  read(record: VideoRecord, uploading: boolean): VideoRecord;
  /** Ends the leases this process holds (a process closing: its uploads are over). */
  close(): Promise<void>;
}

/**
 * The uploads of a shared store: `begin` takes a lease of `leaseMs` and renews it every third of
 * it until `end`; `has` answers from what the store's last read of the record said.
 */
export function sharedUploads(leases: UploadLeases, leaseMs: number): SharedUploads {
  const uploading = new WeakSet<VideoRecord>();
  const held = new Map<string, string>(); // id → key
  let timer: ReturnType<typeof setInterval> | undefined;
  const renewing = () => {
    if (held.size === 0) {
      clearInterval(timer);
      timer = undefined;
    } else if (timer === undefined) {
      // A renewal that fails (the database away) is tried again; a lease that ends meanwhile ends.
      timer = setInterval(() => leases.renew([...held.keys()], leaseMs).catch(() => {}), leaseMs / 3);
      timer.unref?.();
    }
  };
  const end = async (key: string, id: string) => {
    if (!held.delete(id)) return false;
    renewing();
    return leases.end(key, id);
  };
  return {
    async begin(key) {
      const { id, first } = await leases.begin(key, leaseMs);
      held.set(id, key);
      renewing();
      return { key, first, end: () => end(key, id) };
    },
    has: (record) => uploading.has(record),
    read(record, now) {
      if (now) uploading.add(record);
      return record;
    },
    async close() {
      const ends = [...held].map(([id, key]) => end(key, id).catch(() => false));
      await Promise.all(ends);
    },
  };
}
