/**
 * The journal entries of the processes on one database: each process keeps what it recorded, in
 * batches, in mock_journal (bounded to the newest JOURNAL_CAPACITY per state, as each process's
 * journal is: a process that starts takes them up), and the batch's own statement sends a notice
 * that names it (JOURNAL_CHANNEL: the process and the first and last seq it was given); the others
 * read the batch from the table and record it in theirs. The entries cross the wire once from the
 * process that served them, not again as notices that every listener (that process included)
 * would receive whole. The bodies stay with the process that served the request.
 */
import { JOURNAL_CAPACITY } from '../../state/journal.js';
import type { JournalRecord } from '../../state/types.js';
import type { JournalFeed } from '../../state/video-store.js';
import { type Database, JOURNAL_CHANNEL } from './database.js';

/** Every how many batches kept the table is cut back to the newest JOURNAL_CAPACITY entries of the state. */
const TRIM_EVERY = 20;

/**
 * The batch a notice names (`origin first last`): the process that kept it and its first and last
 * seq. Other processes' batches may hold seqs between them (one sequence for all): only the
 * origin's are its.
 */
function batchOf(body: string): { origin: string; first: string; last: string } | undefined {
  const [origin, first, last, ...rest] = body.split(' ');
  if (!origin || !first || !last || rest.length > 0 || !/^\d+$/.test(first) || !/^\d+$/.test(last))
    return undefined;
  return { origin, first, last };
}

/**
 * @example
 * const feed = postgresJournalFeed(database, '');
 * feed.listen((records) => { for (const record of records) journal.record(record); });
 */
export function postgresJournalFeed(database: Database, state: string): JournalFeed {
  let kept = 0;
  /** The batches heard, read one after another (so they are recorded in the order they were heard). */
  let reading = Promise.resolve();
  return {
    publish(records) {
      const trim = ++kept % TRIM_EVERY === 0;
      const notice = database.journal.payload(state, `${database.self} `);
      database
        .run(async (sql) => {
          await sql`WITH kept AS (
              INSERT INTO mock_journal (sandbox, origin, record)
              SELECT ${state}, ${database.self}, element
                FROM json_array_elements(${JSON.stringify(records)}::text::json)
                WITH ORDINALITY AS given (element, position) ORDER BY position
              RETURNING seq)
            SELECT pg_notify(${JOURNAL_CHANNEL}, ${notice} || min(seq) || ' ' || max(seq)) FROM kept`;
          if (trim)
            await sql`DELETE FROM mock_journal WHERE sandbox = ${state} AND seq <= (
              SELECT seq FROM mock_journal WHERE sandbox = ${state} ORDER BY seq DESC OFFSET ${JOURNAL_CAPACITY} LIMIT 1)`;
        })
        .catch(() => {
          // The journal is a view of what was served: a batch lost while the database is away is not retried.
        });
    },
    async past(limit) {
      const rows = await database.run(
        (sql) => sql<{ record: JournalRecord }[]>`
          SELECT record FROM (SELECT seq, record FROM mock_journal WHERE sandbox = ${state}
            ORDER BY seq DESC LIMIT ${limit}) AS newest ORDER BY seq`,
      );
      return rows.map((row) => row.record);
    },
    listen: (listener) =>
      database.journal.watch(state, (heard) => {
        if (heard.kind !== 'message') return;
        const batch = batchOf(heard.body);
        if (!batch) return; // not a notice of this version's
        reading = reading
          .then(async () => {
            const rows = await database.run(
              (sql) => sql<{ record: JournalRecord }[]>`
                SELECT record FROM mock_journal WHERE sandbox = ${state}
                  AND seq BETWEEN ${batch.first} AND ${batch.last} AND origin = ${batch.origin} ORDER BY seq`,
            );
            if (rows.length > 0) listener(rows.map((row) => row.record));
          })
          .catch(() => {
            // A live view: a batch not read while the database is away is not worth a retry.
          });
      }),
  };
}
