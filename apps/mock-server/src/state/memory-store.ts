/** The default store: videos in a Map, gone when the process ends. */
import { frozenCopy } from '../shared/deep-freeze.js';
import type { FieldDefinition, VideoRecord } from './types.js';
import { formatKey, type VideoStore } from './video-store.js';

/** The one frozen empty schedule every stored record with nothing scheduled shares (most of them). */
const NOTHING_SCHEDULED: VideoRecord['schedule'] = Object.freeze([]) as unknown as VideoRecord['schedule'];

/** The frozen copy a record is stored as; an empty schedule becomes the shared one (an object fewer per video). */
function stored(record: VideoRecord): VideoRecord {
  const compact =
    record.schedule.length === 0 && record.schedule !== NOTHING_SCHEDULED
      ? { ...record, schedule: NOTHING_SCHEDULED }
      : record;
  return frozenCopy<VideoRecord>(compact);
}

/**
 * An in-memory VideoStore. Records are deep-frozen copies (`frozenCopy`: what is frozen already, such
 * as the custom fields of an update, is shared), copied once on the way in and shared on the way out,
 * so no caller can change stored state behind the store's back (a write throws a TypeError). Being
 * frozen is also what tells the representer that a record's text can be remembered.
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
      videos.set(record.key, stored(record));
    },
    putMany: (records) => {
      for (const record of records) videos.set(record.key, stored(record));
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
