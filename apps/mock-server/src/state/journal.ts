/**
 * The journal of received requests, kept in memory (the newest 10 000), with filters. Recording is
 * O(1) and allocates nothing: the ring is a set of columns (numbers in typed arrays, paths as bytes
 * in a slab, the shared method, operation id and readings strings in arrays), so a busy mock does
 * not keep 10 000 live objects for the garbage collector to trace and promote. Entries take their JSON shape (ISO
 * times, readings as an object) only when queried. The bodies of the newest requests are kept
 * by reference beside it (./journal-bodies.ts); listeners (the admin API's stream) learn of each
 * entry and of the journal being cleared or closed.
 */
import { splitReadingPair } from '@video-api/schema';
import { JournalBodies } from './journal-bodies.js';
import { JournalPaths } from './journal-paths.js';
import type { JournalEntry, JournalFilter, JournalRecord } from './types.js';

export type { JournalRecord };

export const JOURNAL_CAPACITY = 10_000;
const CAPACITY = JOURNAL_CAPACITY;

/** What a journal listener hears: an entry was recorded, the journal was cleared (reset), or closed. */
export type JournalEvent = 'record' | 'clear' | 'close';

/** Entries after a sequence number; `missed` when some after it are no longer kept (or never were here). */
export interface JournalTail {
  entries: JournalEntry[];
  missed: boolean;
}

/** `id=reading, id2=reading` (the X-Mock-Readings form) as an object. */
function readingsObject(header: string): Record<string, string> {
  const readings: Record<string, string> = {};
  if (header === '') return readings;
  for (const text of header.split(', ')) {
    const pair = splitReadingPair(text);
    if (pair) readings[pair[0]] = pair[1];
  }
  return readings;
}

/**
 * Records requests and answers filtered queries.
 *
 * @example
 * journal.record({ at: Date.now(), virtualAt: clock.now(), method: 'GET', path: '/api/v1/videos/v-0001',
 *   operationId: 'getVideo', status: 200, readings: 'readiness-field=status-string', durationMs: 0.4 });
 * journal.query({ operationId: 'createVideos', since: '2026-11-22T08:00:00Z' });
 */
export class Journal {
  /** Ring of columns: slot `#next` takes the next entry; once full it overwrites the oldest. */
  readonly #seq = new Float64Array(CAPACITY);
  readonly #at = new Float64Array(CAPACITY);
  readonly #virtualAt = new Float64Array(CAPACITY);
  readonly #status = new Uint16Array(CAPACITY);
  readonly #durationMs = new Float64Array(CAPACITY);
  readonly #method: string[] = new Array(CAPACITY).fill('');
  /** Paths as bytes (./journal-paths.ts): a string per entry would be promoted and marked. */
  readonly #path = new JournalPaths(CAPACITY);
  readonly #operationId: (string | undefined)[] = new Array(CAPACITY).fill(undefined);
  readonly #readings: string[] = new Array(CAPACITY).fill('');
  #next = 0;
  #size = 0;
  #lastSeq = 0;
  readonly #listeners = new Set<(event: JournalEvent) => void>();
  /** The request and response of the newest entries (their bodies, on demand). */
  readonly bodies = new JournalBodies();

  /** The sequence number of the newest entry (0 before any). */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /**
   * Calls `listener` after each entry recorded and when the journal is cleared or closed; returns
   * the function that removes it. Listeners must return at once (they run on the request path).
   */
  listen(listener: (event: JournalEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Listening now (for tests and the stream's own accounting). */
  get listeners(): number {
    return this.#listeners.size;
  }

  #tell(event: JournalEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  record(entry: JournalRecord): number {
    const slot = this.#next;
    const seq = ++this.#lastSeq;
    this.#seq[slot] = seq;
    this.#at[slot] = entry.at;
    this.#virtualAt[slot] = entry.virtualAt;
    this.#status[slot] = entry.status;
    this.#durationMs[slot] = entry.durationMs;
    this.#method[slot] = entry.method;
    this.#path.set(slot, entry.path);
    this.#operationId[slot] = entry.operationId;
    this.#readings[slot] = entry.readings; // shared per play sequence (see RequestReadings)
    this.#next = (slot + 1) % CAPACITY;
    if (this.#size < CAPACITY) this.#size += 1;
    if (this.#listeners.size !== 0) this.#tell('record');
    return seq;
  }

  /** The newest entry as it was recorded (what a shared store sends to the other processes). */
  newest(): JournalRecord | undefined {
    if (this.#size === 0) return undefined;
    const slot = (this.#next - 1 + CAPACITY) % CAPACITY;
    return {
      at: this.#at[slot] as number,
      virtualAt: this.#virtualAt[slot] as number,
      method: this.#method[slot] as string,
      path: this.#path.get(slot),
      operationId: this.#operationId[slot],
      status: this.#status[slot] as number,
      readings: this.#readings[slot] as string,
      durationMs: this.#durationMs[slot] as number,
    };
  }

  /** The slot of `seq` while it is kept, else -1 (seq numbers are consecutive in the ring). */
  #slotOf(seq: number): number {
    const back = this.#lastSeq - seq;
    if (!Number.isInteger(seq) || back < 0 || back >= this.#size) return -1;
    return (this.#next - 1 - back + 2 * CAPACITY) % CAPACITY;
  }

  /** The entry numbered `seq`, while the journal keeps it. */
  entry(seq: number): JournalEntry | undefined {
    const slot = this.#slotOf(seq);
    return slot < 0 ? undefined : this.#entry(slot);
  }

  /**
   * At most `max` entries after `seq`, oldest first, found without a scan. `missed` says that
   * entries after `seq` are gone (overwritten, or `seq` is beyond the newest: another journal's).
   */
  after(seq: number, max: number): JournalTail {
    const oldest = this.#lastSeq - this.#size + 1;
    const missed = seq > this.#lastSeq || (seq + 1 < oldest && this.#size > 0 && seq < this.#lastSeq);
    const entries: JournalEntry[] = [];
    for (let at = Math.max(seq + 1, oldest); at <= this.#lastSeq && entries.length < max; at++) {
      entries.push(this.#entry(this.#slotOf(at)));
    }
    return { entries, missed };
  }

  #entry(slot: number): JournalEntry {
    return {
      seq: this.#seq[slot] as number,
      time: new Date(this.#at[slot] as number).toISOString(),
      virtualTime: new Date(this.#virtualAt[slot] as number).toISOString(),
      method: this.#method[slot] as string,
      path: this.#path.get(slot),
      operationId: this.#operationId[slot],
      status: this.#status[slot] as number,
      readings: readingsObject(this.#readings[slot] as string),
      durationMs: this.#durationMs[slot] as number,
    };
  }

  query(filter: JournalFilter = {}): JournalEntry[] {
    const since = filter.since;
    const method = filter.method?.toUpperCase();
    const sinceMs = typeof since === 'string' ? Date.parse(since) : undefined;
    const entries: JournalEntry[] = [];
    const oldest = (this.#next - this.#size + CAPACITY) % CAPACITY;
    for (let i = 0; i < this.#size; i++) {
      const slot = (oldest + i) % CAPACITY;
      if (
        (method === undefined || this.#method[slot] === method) &&
        (filter.path === undefined || this.#path.is(slot, filter.path)) &&
        (filter.operationId === undefined || this.#operationId[slot] === filter.operationId) &&
        (since === undefined ||
          (typeof since === 'number'
            ? (this.#seq[slot] as number) > since
            : (this.#at[slot] as number) > (sinceMs as number)))
      ) {
        entries.push(this.#entry(slot));
      }
    }
    return entries;
  }

  clear(): void {
    this.#method.fill('');
    this.#path.clear();
    this.#operationId.fill(undefined);
    this.#readings.fill('');
    this.bodies.clear();
    this.#next = 0;
    this.#size = 0;
    this.#tell('clear');
  }

  /** Tells the listeners the journal is closed (the mock stops) and forgets them. */
  close(): void {
    this.#tell('close');
    this.#listeners.clear();
  }
}
