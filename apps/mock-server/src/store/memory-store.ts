/** The default store: videos in a Map, gone when the process ends. */
import type { FieldDefinition, FieldValue, VideoRecord } from '../types.js';
import { formatKey, type VideoStore } from './video-store.js';

/** A deep copy of a record (its shape is known: cheaper than structuredClone on every request). */
export function copyRecord(record: VideoRecord): VideoRecord {
  const customFields: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(record.customFields)) {
    customFields[name] = Array.isArray(value) ? [...value] : value;
  }
  const copy: VideoRecord = {
    ...record,
    customFields,
    schedule: record.schedule.map((step) => ({ ...step })),
  };
  if (record.tags) copy.tags = [...record.tags];
  if (record.source) copy.source = { ...record.source };
  return copy;
}

/**
 * An in-memory VideoStore. Records are copied in and out, so callers never share state with it.
 *
 * @example
 * const store = createMemoryStore();
 * store.put({ ...record, key: store.nextKey() });
 */
export function createMemoryStore(): VideoStore {
  const videos = new Map<string, VideoRecord>();
  let definitions: FieldDefinition[] = [];
  let counter = 0;
  const nextKey = () => {
    let key = formatKey(++counter);
    while (videos.has(key)) key = formatKey(++counter);
    return key;
  };
  return {
    get: (key) => {
      const record = videos.get(key);
      return record && copyRecord(record);
    },
    put: (record) => {
      videos.set(record.key, copyRecord(record));
    },
    putMany: (records) => {
      for (const record of records) videos.set(record.key, copyRecord(record));
    },
    list: () => [...videos.values()].map(copyRecord),
    nextKey,
    nextKeys: (count) => Array.from({ length: count }, nextKey),
    getDefinitions: () => structuredClone(definitions),
    setDefinitions: (next) => {
      definitions = structuredClone(next);
    },
    clear: () => {
      videos.clear();
      definitions = [];
      counter = 0;
    },
    close: () => {},
  };
}
