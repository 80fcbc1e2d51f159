/**
 * The journal of a state whose store other processes share: what this process records goes to the
 * others in batches (after the request is answered, never on its path), and what they record is
 * recorded here, so the journal, its live stream and the console show the requests every instance
 * served, within a fraction of a second. Entries of other processes carry no bodies here.
 */
import type { Journal } from '../state/journal.js';
import type { JournalRecord } from '../state/types.js';
import type { JournalFeed } from '../state/video-store.js';

/** How long entries gather before they are sent (ms): few notices under load, well within a second. */
const BATCH_MS = 100;

/**
 * @example
 * const stop = shareJournal(journal, store.journalFeed);
 */
export function shareJournal(journal: Journal, feed: JournalFeed): () => void {
  let receiving = false;
  let batch: JournalRecord[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (batch.length === 0) return;
    const out = batch;
    batch = [];
    feed.publish(out);
  };
  const stopLocal = journal.listen((event) => {
    if (event !== 'record' || receiving) return;
    const record = journal.newest();
    if (record) batch.push(record);
    if (timer === undefined) {
      const armed: { unref?: () => void } = setTimeout(flush, BATCH_MS);
      armed.unref?.();
      timer = armed as ReturnType<typeof setTimeout>;
    }
  });
  const stopRemote = feed.listen((records) => {
    receiving = true;
    try {
      for (const record of records) journal.record(record);
    } finally {
      receiving = false;
    }
  });
  return () => {
    if (timer !== undefined) clearTimeout(timer);
    flush();
    stopLocal();
    stopRemote();
  };
}
