/**
 * The journal entries of the processes on one database (JOURNAL_CHANNEL): each process sends what
 * it recorded, in batches, as notices (no table, no transaction: a live view, bounded by every
 * process's own journal); the others record them in theirs. A notice holds at most ~7,000 bytes
 * (PostgreSQL's limit is 8,000), so a batch goes as several. The bodies stay with the process that
 * served the request.
 */
import type { JournalRecord } from '../../state/types.js';
import type { JournalFeed } from '../../state/video-store.js';
import { type Database, JOURNAL_CHANNEL } from './database.js';

const MAX_PAYLOAD = 7000;

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
  return {
    publish(records) {
      for (const text of chunks(records)) {
        database.notify(JOURNAL_CHANNEL, database.journal.payload(state, text)).catch(() => {
          // A live view: an entry the others miss while the database is away is not worth a retry.
        });
      }
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
