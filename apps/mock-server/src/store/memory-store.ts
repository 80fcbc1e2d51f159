/** The default store: videos in a Map, gone when the process ends. */
import type { FieldDefinition, VideoRecord } from '../types.js';
import { formatKey, type VideoStore } from './video-store.js';

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
  return {
    get: (key) => {
      const record = videos.get(key);
      return record && structuredClone(record);
    },
    put: (record) => {
      videos.set(record.key, structuredClone(record));
    },
    putMany: (records) => {
      for (const record of records) videos.set(record.key, structuredClone(record));
    },
    list: () => [...videos.values()].map((record) => structuredClone(record)),
    nextKey: () => {
      let key = formatKey(++counter);
      while (videos.has(key)) key = formatKey(++counter);
      return key;
    },
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
