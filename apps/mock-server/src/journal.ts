/** The journal of received requests, kept in memory (the newest 10 000), with filters. */
import type { JournalEntry, JournalFilter } from './types.js';

const CAPACITY = 10_000;

/**
 * Records requests and answers filtered queries.
 *
 * @example
 * journal.query({ operationId: 'createVideos', since: '2026-11-22T08:00:00Z' });
 */
export class Journal {
  #entries: JournalEntry[] = [];
  #seq = 0;

  record(entry: Omit<JournalEntry, 'seq'>): JournalEntry {
    const full = { seq: ++this.#seq, ...entry };
    this.#entries.push(full);
    if (this.#entries.length > CAPACITY) this.#entries.splice(0, this.#entries.length - CAPACITY);
    return full;
  }

  query(filter: JournalFilter = {}): JournalEntry[] {
    const since = filter.since;
    return this.#entries.filter(
      (entry) =>
        (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
        (filter.path === undefined || entry.path === filter.path) &&
        (filter.operationId === undefined || entry.operationId === filter.operationId) &&
        (since === undefined ||
          (typeof since === 'number' ? entry.seq > since : Date.parse(entry.time) > Date.parse(since))),
    );
  }

  clear(): void {
    this.#entries = [];
  }
}
