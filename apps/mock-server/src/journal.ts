/**
 * The journal of received requests, kept in memory (the newest 10 000), with filters. Recording is
 * O(1) and cheap (a ring buffer of raw entries: times as numbers); entries take their JSON shape,
 * ISO times included, only when queried.
 */
import type { JournalEntry, JournalFilter, JournalRecord } from './types.js';

export type { JournalRecord };

const CAPACITY = 10_000;

type Stored = JournalRecord & { seq: number };

function entryOf(stored: Stored): JournalEntry {
  return {
    seq: stored.seq,
    time: new Date(stored.at).toISOString(),
    virtualTime: new Date(stored.virtualAt).toISOString(),
    method: stored.method,
    path: stored.path,
    operationId: stored.operationId,
    status: stored.status,
    readings: { ...stored.readings },
    durationMs: stored.durationMs,
  };
}

/**
 * Records requests and answers filtered queries.
 *
 * @example
 * journal.record({ at: Date.now(), virtualAt: clock.now(), method: 'GET', path: '/api/v1/videos/v-0001',
 *   operationId: 'getVideo', status: 200, readings: {}, durationMs: 0.4 });
 * journal.query({ operationId: 'createVideos', since: '2026-11-22T08:00:00Z' });
 */
export class Journal {
  /** Ring buffer: `#next` is where the next entry goes; once full it overwrites the oldest. */
  #ring: (Stored | undefined)[] = new Array(CAPACITY);
  #next = 0;
  #size = 0;
  #seq = 0;

  record(entry: JournalRecord): number {
    const seq = ++this.#seq;
    this.#ring[this.#next] = { seq, ...entry };
    this.#next = (this.#next + 1) % CAPACITY;
    if (this.#size < CAPACITY) this.#size += 1;
    return seq;
  }

  query(filter: JournalFilter = {}): JournalEntry[] {
    const since = filter.since;
    const method = filter.method?.toUpperCase();
    const sinceMs = typeof since === 'string' ? Date.parse(since) : undefined;
    const entries: JournalEntry[] = [];
    const oldest = (this.#next - this.#size + CAPACITY) % CAPACITY;
    for (let i = 0; i < this.#size; i++) {
      const stored = this.#ring[(oldest + i) % CAPACITY] as Stored;
      if (
        (method === undefined || stored.method === method) &&
        (filter.path === undefined || stored.path === filter.path) &&
        (filter.operationId === undefined || stored.operationId === filter.operationId) &&
        (since === undefined ||
          (typeof since === 'number' ? stored.seq > since : stored.at > (sinceMs as number)))
      ) {
        entries.push(entryOf(stored));
      }
    }
    return entries;
  }

  clear(): void {
    this.#ring = new Array(CAPACITY);
    this.#next = 0;
    this.#size = 0;
  }
}
