/**
 * The journal entries of the processes on one database: each process keeps what it recorded, in
 * batches, in mock_journal (bounded to the newest JOURNAL_CAPACITY per state, as each process's
 * journal is: a process that starts takes them up) and sends them as notices (JOURNAL_CHANNEL); the
 * others record them in theirs. A notice holds at most ~7,000 bytes (PostgreSQL's limit is 8,000),
 * so a batch goes as several. The bodies stay with the process that served the request.
 */
import { JOURNAL_CAPACITY } from '../../state/journal.js';
import type { JournalRecord } from '../../state/types.js';
import type { JournalFeed } from '../../state/video-store.js';
import { type Database, JOURNAL_CHANNEL } from './database.js';

const MAX_PAYLOAD = 7000;

/** Every how many batches kept the table is cut back to the newest JOURNAL_CAPACITY entries of the state. */
const TRIM_EVERY = 20;

/** `records` as JSON texts of at most MAX_PAYLOAD characters each (a record longer alone goes alone). */
function chunks(records: JournalRecord[]): string[] {
  const texts: string[] = [];
  let part: string[] = [];
  let length = 2;
  for (const record of records) {
    const text = JSON.stringify(record);
    if (part.length > 0 && length + text.length + 1 > MAX_PAYLOAD) {
      texts.push(`[${part.join(',')}]`);
      part = [];
      length = 2;
    }
    part.push(text);
    length += text.length + 1;
  }
  if (part.length > 0) texts.push(`[${part.join(',')}]`);
  return texts.filter((text) => text.length <= MAX_PAYLOAD);
}

/**
 * @example
 * const feed = postgresJournalFeed(database, '');
 * feed.listen((records) => { for (const record of records) journal.record(record); });
 */
export function postgresJournalFeed(database: Database, state: string): JournalFeed {
  let kept = 0;
  return {
    publish(records) {
      const trim = ++kept % TRIM_EVERY === 0;
      database
        .run(async (sql) => {
          await sql`INSERT INTO mock_journal (sandbox, record)
            SELECT ${state}, element FROM json_array_elements(${JSON.stringify(records)}::text::json)
              WITH ORDINALITY AS given (element, position) ORDER BY position`;
          if (trim)
            await sql`DELETE FROM mock_journal WHERE sandbox = ${state} AND seq <= (
              SELECT seq FROM mock_journal WHERE sandbox = ${state} ORDER BY seq DESC OFFSET ${JOURNAL_CAPACITY} LIMIT 1)`;
        })
        .catch(() => {
          // The journal is a view of what was served: a batch lost while the database is away is not retried.
        });
      for (const text of chunks(records)) {
        database.notify(JOURNAL_CHANNEL, database.journal.payload(state, text)).catch(() => {
          // A live view: an entry the others miss while the database is away is not worth a retry.
        });
      }
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
        try {
          listener(JSON.parse(heard.body) as JournalRecord[]);
        } catch {
          // Not a batch of this version's: ignored.
        }
      }),
  };
}
