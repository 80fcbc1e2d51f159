/**
 * The journal of received requests, kept in memory (the newest 10 000), with filters. Recording is
 * O(1) and allocates nothing: the ring is a set of columns (numbers in typed arrays, strings in
 * arrays, the readings in their `X-Mock-Readings` form), so a busy mock does not keep 10 000 live
 * objects for the garbage collector to trace and promote. Entries take their JSON shape (ISO
 * times, readings as an object) only when queried.
 */
import { splitReadingPair } from '@video-api/schema';
import type { JournalEntry, JournalFilter, JournalRecord } from './types.js';

export type { JournalRecord };

const CAPACITY = 10_000;

/** Distinct paths the journal keeps one copy of (paths repeat from request to request). */
const INTERNED_MAX = 1_000;

/**
 * Keeps one copy of each distinct path: otherwise every request leaves a new string in the ring
 * that lives through 10 000 requests, gets promoted to the old generation and makes the garbage
 * collector's full collections work. Past INTERNED_MAX distinct paths (many keys) they are kept as
 * they come. (The readings text is already shared: RequestReadings builds it once per sequence.)
 */
class Interner {
  readonly #strings = new Map<string, string>();

  intern(text: string): string {
    const known = this.#strings.get(text);
    if (known !== undefined) return known;
    if (this.#strings.size < INTERNED_MAX) this.#strings.set(text, text);
    return text;
  }

  clear(): void {
    this.#strings.clear();
  }
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
  readonly #path: string[] = new Array(CAPACITY).fill('');
  readonly #operationId: (string | undefined)[] = new Array(CAPACITY).fill(undefined);
  readonly #readings: string[] = new Array(CAPACITY).fill('');
  readonly #interned = new Interner();
  #next = 0;
  #size = 0;
  #lastSeq = 0;

  record(entry: JournalRecord): number {
    const slot = this.#next;
    const seq = ++this.#lastSeq;
    this.#seq[slot] = seq;
    this.#at[slot] = entry.at;
    this.#virtualAt[slot] = entry.virtualAt;
    this.#status[slot] = entry.status;
    this.#durationMs[slot] = entry.durationMs;
    this.#method[slot] = entry.method;
    this.#path[slot] = this.#interned.intern(entry.path);
    this.#operationId[slot] = entry.operationId;
    this.#readings[slot] = entry.readings; // shared per play sequence (see RequestReadings)
    this.#next = (slot + 1) % CAPACITY;
    if (this.#size < CAPACITY) this.#size += 1;
    return seq;
  }

  #entry(slot: number): JournalEntry {
    return {
      seq: this.#seq[slot] as number,
      time: new Date(this.#at[slot] as number).toISOString(),
      virtualTime: new Date(this.#virtualAt[slot] as number).toISOString(),
      method: this.#method[slot] as string,
      path: this.#path[slot] as string,
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
        (filter.path === undefined || this.#path[slot] === filter.path) &&
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
    this.#path.fill('');
    this.#operationId.fill(undefined);
    this.#readings.fill('');
    this.#interned.clear();
    this.#next = 0;
    this.#size = 0;
  }
}
