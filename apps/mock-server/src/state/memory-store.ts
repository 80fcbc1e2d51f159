/** The default store: videos in a Map, gone when the process ends. */
import type { FieldDefinition, FieldValue, VideoRecord } from './types.js';
import { formatKey, type VideoStore } from './video-store.js';

/** Object.freeze, keeping the mutable type (the record types are shared with callers that build records). */
const freeze = <T extends object>(value: T): T => Object.freeze(value) as T;

const NO_STEPS: VideoRecord['schedule'] = freeze([]);

/** Whether `fields` and every array in it are frozen already: then nobody can change them. */
function deepFrozen(fields: Record<string, FieldValue>): boolean {
  if (!Object.isFrozen(fields)) return false;
  for (const name in fields) {
    const value = fields[name];
    if (Array.isArray(value) && !Object.isFrozen(value)) return false;
  }
  return true;
}

/**
 * Custom fields as the store keeps them: deep-frozen fields are kept as they are (an update of
 * 500 fields then copies none, and the size measured for them stays theirs); others are copied.
 */
function frozenFields(fields: Record<string, FieldValue>): Record<string, FieldValue> {
  if (deepFrozen(fields)) return fields;
  const copy: Record<string, FieldValue> = {};
  for (const name in fields) {
    const value = fields[name] as FieldValue;
    copy[name] = Array.isArray(value) ? freeze([...value]) : value;
  }
  return freeze(copy);
}

/**
 * A deep-frozen copy of a record (its shape is known: cheaper than structuredClone). Stored
 * records are frozen, so `get` can hand them out without a copy per read and no caller can
 * change stored state behind the store's back (a write throws a TypeError). Being frozen is also
 * what tells RepresentationTexts that a record's text can be remembered.
 */

export function frozenCopy(record: VideoRecord): VideoRecord {
  const copy: VideoRecord = {
    ...record,
    customFields: frozenFields(record.customFields),
    schedule:
      record.schedule.length === 0 ? NO_STEPS : freeze(record.schedule.map((step) => freeze({ ...step }))),
  };
  if (record.tags) copy.tags = freeze([...record.tags]);
  if (record.source) copy.source = freeze({ ...record.source });
  return freeze(copy);
}

/**
 * An in-memory VideoStore. Records are frozen copies: copied once on the way in, shared on the way out.
 *
 * @example
 * const store = createMemoryStore();
 * store.put({ ...record, key: store.nextKey() });
 */
export function createMemoryStore(): VideoStore {
  const videos = new Map<string, VideoRecord>();
  let definitions: FieldDefinition[] = [];
  let clockOffset = 0;
  let counter = 0;
  const nextKey = () => {
    let key = formatKey(++counter);
    while (videos.has(key)) key = formatKey(++counter);
    return key;
  };
  return {
    get: (key) => videos.get(key),
    put: (record) => {
      videos.set(record.key, frozenCopy(record));
    },
    putMany: (records) => {
      for (const record of records) videos.set(record.key, frozenCopy(record));
    },
    list: () => [...videos.values()],
    nextKey,
    nextKeys: (count) => Array.from({ length: count }, nextKey),
    getDefinitions: () => structuredClone(definitions),
    setDefinitions: (next) => {
      definitions = structuredClone(next);
    },
    getClockOffset: () => clockOffset,
    setClockOffset: (ms) => {
      clockOffset = ms;
    },
    clear: () => {
      videos.clear();
      definitions = [];
      counter = 0;
    },
    close: () => {},
  };
}
