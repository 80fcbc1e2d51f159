/** The store interface the mock keeps videos behind: in memory, or SQLite with `dataDir`. */
import type { FieldDefinition, VideoRecord } from './types.js';

/**
 * Where videos and custom-field definitions live. Every method is synchronous and a write is
 * committed when it returns, so a response is only sent for stored state.
 */
export interface VideoStore {
  get(key: string): VideoRecord | undefined;
  /** Inserts or replaces a record. */
  put(record: VideoRecord): void;
  /** Inserts or replaces several records in one transaction. */
  putMany(records: VideoRecord[]): void;
  list(): VideoRecord[];
  /** A key no video had before in this store (survives restarts with SQLite). */
  nextKey(): string;
  /** `count` such keys at once (with SQLite: one transaction, one sync). */
  nextKeys(count: number): string[];
  getDefinitions(): FieldDefinition[];
  setDefinitions(definitions: FieldDefinition[]): void;
  /** How far the virtual clock was advanced by hand (ms); kept with the videos it schedules. */
  getClockOffset(): number;
  setClockOffset(ms: number): void;
  /** Forgets everything. */
  clear(): void;
  close(): void;
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
