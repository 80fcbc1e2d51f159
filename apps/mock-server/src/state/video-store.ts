/** The store interface the mock keeps videos behind: in memory, SQLite with `dataDir`, or PostgreSQL with `databaseUrl`. */
import type { FieldDefinition, JournalRecord, VideoRecord } from './types.js';
import type { UploadsInProgress } from './uploads-in-progress.js';

/**
 * Where videos and custom-field definitions live, in memory, in SQLite or in PostgreSQL. Every
 * method resolves once its write is committed, so a response is only sent for stored state.
 * A read-modify-write goes through `update`, which no other write to the same video can come
 * between (in memory: the change runs synchronously; SQLite: one transaction; PostgreSQL: the
 * row is locked from the read to the commit), so concurrent updates are never lost.
 */
export interface VideoStore {
  /**
   * Whether other processes use the same state (PostgreSQL). What only the one owner of a state
   * may do is then left undone: removing upload files no record points at (another process may be
   * about to commit the record of one).
   */
  readonly shared: boolean;
  /** Whether the store can serve now (`/readyz`): a database answers and its schema is migrated. */
  health(): Promise<StoreHealth>;
  get(key: string): Promise<VideoRecord | undefined>;
  /**
   * `get` without a promise, where the store reads synchronously (memory, SQLite): a GET answers
   * at once then, without a promise chain per request (measured: bench mock-ab). A store that
   * reads over a network (PostgreSQL) has none.
   */
  peek?(key: string): VideoRecord | undefined;
  /**
   * Reads the video `key`, gives it to `change` and stores what `change` returns, as one
   * transaction. `change` is synchronous; it may throw (nothing is stored, the error is the
   * call's) or return `current` itself (nothing is written). Resolves to the video as stored
   * after the call, or undefined when there is no video `key` (`change` is not called).
   */
  update(key: string, change: (current: VideoRecord) => VideoRecord): Promise<VideoRecord | undefined>;
  /** Inserts or replaces records, in one transaction. */
  putMany(records: VideoRecord[]): Promise<void>;
  /** Every video, oldest first. */
  list(): Promise<VideoRecord[]>;
  /**
   * The uploads streaming in (the `uploading` phase): one truth for every process of the store.
   * `has` answers for a record as `get`, `list` or `update` read it (`update` also for the record
   * its change returns).
   */
  readonly uploads: UploadsInProgress;
  /** `count` keys no video had before in this store (one transaction; unique across processes on PostgreSQL). */
  nextKeys(count: number): Promise<string[]>;
  getDefinitions(): Promise<FieldDefinition[]>;
  setDefinitions(definitions: FieldDefinition[]): Promise<void>;
  /** How far the virtual clock was advanced by hand (ms); kept with the videos it schedules. */
  getClockOffset(): Promise<number>;
  setClockOffset(ms: number): Promise<void>;
  /**
   * The server readings set through the control, when they are not the start readings (a shared
   * store keeps them for every process; undefined: none set, each process plays its start readings).
   */
  getReadings(): Promise<Record<string, string> | undefined>;
  setReadings(readings: Record<string, string> | undefined): Promise<void>;
  /**
   * Calls `listener` when another process changed this state's control values (readings,
   * definitions, the clock's offset, or a reset), and after a lost connection to the store came
   * back (a change may have been missed); returns a function that stops. A store no other process
   * uses never calls it. The promise `listener` returns settles once the change is taken up: the
   * process that made the change hears then that this one holds it (its change's call waits for
   * every process to hold it, so the next request to any of them plays it).
   */
  watch(listener: () => Promise<void> | void): () => void;
  /**
   * A store other processes share: the journal entries each of them records, so that every
   * process's journal (and its live stream, the console) shows the requests any of them served.
   */
  readonly journalFeed?: JournalFeed;
  /** Forgets every video, definition, reading set and upload in progress (the clock's offset stays). */
  clear(): Promise<void>;
  /**
   * A store other processes share: counts one request of `who` in its fixed window of `windowMs`
   * (a new window when the last began `windowMs` or more before `now`), atomically for every
   * process; resolves to the window's start and its count with this request. A store of one
   * process has none: the limiter counts in memory.
   */
  countRequest?(who: string, now: number, windowMs: number): Promise<{ start: number; count: number }>;
  /** A store other processes share: the fault rules every process plays. */
  faultRules?: SharedFaultRules;
  /**
   * A store other processes share: the videos whose next step comes due by itself at or before
   * `now` (virtual ms; not one awaiting a processor), with when: steps another process scheduled
   * and did not apply (it died), which any process then applies, with their events.
   */
  dueSteps?(now: number): Promise<Array<{ key: string; at: number }>>;
  /** A store other processes share: the names of the sandboxes it holds anything of (any process's). */
  sandboxes?(): Promise<string[]>;
  /**
   * A store other processes share: forgets sandbox `name` altogether (after its reset, which the
   * others took up: what is left are the rows of an empty sandbox, its default definitions).
   */
  dropSandbox?(name: string): Promise<void>;
  close(): Promise<void>;
}

/** A rule as a shared store keeps it: an id every process knows it by, and what is left of `times`. */
interface StoredFaultRule {
  id: string;
  /** The rule as it was set (validated then; the store keeps it as JSON). */
  rule: unknown;
  remaining?: number;
}

/** The rules of a store other processes share (PostgreSQL): one list for all, `times` used up by all. */
export interface SharedFaultRules {
  /** Replaces the rules; resolves once every other process holds them. */
  save(rules: StoredFaultRule[]): Promise<void>;
  /** The rules in force, in order, with what is left of `times`. */
  load(): Promise<StoredFaultRule[]>;
  /** Takes one use of each rule of `ids` that has uses left; resolves to what is left of those it took one of. */
  use(ids: string[]): Promise<Map<string, number>>;
  /** Counts one request in a rule's window (as the rate-limit windows of the store). */
  count(who: string, now: number, windowMs: number): Promise<{ start: number; count: number }>;
}

/** The journal entries of the processes sharing a store (src/instance/shared-journal.ts). */
export interface JournalFeed {
  /** Sends entries this process recorded to the others (no answer waits for it; a failure is dropped). */
  publish(records: JournalRecord[]): void;
  /** Hears the entries the other processes recorded; returns a function that stops. */
  listen(listener: (records: JournalRecord[]) => void): () => void;
  /** The newest `limit` entries kept (every process's, oldest first): what a process starting takes up. */
  past(limit: number): Promise<JournalRecord[]>;
}

/** What `health()` says: ready or not, and in words what the store is, or what is wrong. */
export interface StoreHealth {
  ready: boolean;
  detail: string;
}

/** Formats the n-th key: `v-0001`, `v-0002`, … */
export function formatKey(n: number): string {
  return `v-${String(n).padStart(4, '0')}`;
}

/** The n of a key formatKey(n) gives (`v-0042`: 42), or 0 for any other key (`v-42`, `clip`). */
export function keyNumber(key: string): number {
  const length = key.length;
  // `v-`, then four digits or more; past four, no leading zero (formatKey pads to four only).
  if (length < 6 || key.charCodeAt(0) !== 118 || key.charCodeAt(1) !== 45) return 0;
  if (length > 6 && key.charCodeAt(2) === 48) return 0;
  let n = 0;
  for (let i = 2; i < length; i++) {
    const digit = key.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return 0;
    n = n * 10 + digit;
  }
  return Number.isSafeInteger(n) ? n : 0;
}
