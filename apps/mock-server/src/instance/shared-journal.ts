/**
 * The journal of a state whose store other processes share: what this process records goes to the
 * others in batches (after the request is answered, never on its path), and what they record is
 * recorded here, so the journal, its live stream and the console show the requests every instance
 * served, within a fraction of a second. The store keeps them too: a process that starts takes up
 * the newest (`takeUpPast`, before it serves). Entries of other processes carry no bodies here.
 */
import { JOURNAL_CAPACITY, type Journal } from '../state/journal.js';
import type { JournalRecord } from '../state/types.js';
import type { JournalFeed } from '../state/video-store.js';

/** How long entries gather before they are sent (ms): few notices under load, well within a second. */
const BATCH_MS = 100;

/** How many of the newest entries taken up at start are checked against the batches heard in the next 5 s. */
const TAKEN_KEPT = 1000;

/** A journal shared with the other processes of a store. */
export interface SharedJournal {
  /**
   * Records the entries the store kept before this process started, then those heard meanwhile;
   * once (again after a failure: the store may be unavailable at start).
   */
  takeUpPast(): Promise<void>;
  stop(): void;
}

/**
 * @example
 * const shared = shareJournal(journal, store.journalFeed);
 * await shared.takeUpPast(); // before the first request is served
 */
export function shareJournal(journal: Journal, feed: JournalFeed): SharedJournal {
  let receiving = false;
  /** Batches heard before the past is taken up (recorded after it, in order). */
  let early: JournalRecord[][] | undefined = [];
  const recordHeard = (records: JournalRecord[]) => {
    receiving = true;
    try {
      for (const record of records) journal.record(record);
    } finally {
      receiving = false;
    }
  };
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
  /** The newest entries taken up from the store, for a while: a batch kept before and heard after is recorded once. */
  let taken: { texts: Set<string>; until: number } | undefined;
  const stopRemote = feed.listen((records) => {
    if (early) return early.push(records);
    if (taken && Date.now() > taken.until) taken = undefined;
    const { texts } = taken ?? {};
    recordHeard(texts ? records.filter((record) => !texts.has(JSON.stringify(record))) : records);
  });
  return {
    async takeUpPast() {
      if (!early) return;
      const past = await feed.past(JOURNAL_CAPACITY);
      const heard = early;
      early = undefined;
      // a batch both kept and heard meanwhile is recorded once, where it was heard
      const again = new Set(heard.flat().map((record) => JSON.stringify(record)));
      recordHeard(past.filter((record) => !again.has(JSON.stringify(record))));
      for (const records of heard) recordHeard(records);
      taken = {
        texts: new Set(past.slice(-TAKEN_KEPT).map((record) => JSON.stringify(record))),
        until: Date.now() + 5000,
      };
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      flush();
      stopLocal();
      stopRemote();
    },
  };
}
