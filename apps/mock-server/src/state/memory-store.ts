/** The default store: videos in a Map, gone when the process ends. */
import { frozenCopy } from '../shared/deep-freeze.js';
import { settled } from '../shared/settled.js';
import { NOTHING_SCHEDULED } from './record.js';
import type { FieldDefinition, VideoRecord } from './types.js';
import { localUploads } from './uploads-in-progress.js';
import { formatKey, keyNumber, type VideoStore } from './video-store.js';

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
 * frozen is also what tells the representer that a record's text can be remembered. Each method
 * does its work synchronously and returns a settled promise, so an `update`'s read, change and
 * write have nothing between them.
 *
 * @example
 * const store = createMemoryStore();
 * const [key] = await store.nextKeys(1);
 */
export function createMemoryStore(): VideoStore {
  const videos = new Map<string, VideoRecord>();
  let definitions: FieldDefinition[] = [];
  let clockOffset = 0;
  let readings: Record<string, string> | undefined;
  let counter = 0;
  const uploads = localUploads();
  /** The highest n of a key formatKey(n) stored: above it no key needs looking up (a seed may store any). */
  let highest = 0;
  const nextKey = () => {
    let key = formatKey(++counter);
    if (counter <= highest) while (videos.has(key)) key = formatKey(++counter);
    return key;
  };
  const put = (record: VideoRecord) => {
    const size = videos.size;
    const kept = stored(record);
    videos.set(record.key, kept);
    if (videos.size !== size) highest = Math.max(highest, keyNumber(record.key)); // a new key
    return kept;
  };
  return {
    shared: false,
    uploads,
    health: () => Promise.resolve({ ready: true, detail: 'in memory' }),
    get: (key) => Promise.resolve(videos.get(key)),
    peek: (key) => videos.get(key),
    update: (key, change) =>
      settled(() => {
        const current = videos.get(key);
        if (current === undefined) return undefined;
        const next = change(current);
        return next === current ? current : put(next);
      }),
    putMany: (records) =>
      settled(() => {
        for (const record of records) put(record);
      }),
    list: () => Promise.resolve([...videos.values()]),
    nextKeys: (count) =>
      settled(() => {
        const keys: string[] = new Array(count);
        for (let i = 0; i < count; i++) keys[i] = nextKey();
        return keys;
      }),
    getDefinitions: () => settled(() => structuredClone(definitions)),
    setDefinitions: (next) =>
      settled(() => {
        definitions = structuredClone(next);
      }),
    getClockOffset: () => Promise.resolve(clockOffset),
    setClockOffset: (ms) =>
      settled(() => {
        clockOffset = ms;
      }),
    getReadings: () => Promise.resolve(readings),
    setReadings: (next) =>
      settled(() => {
        readings = next && { ...next };
      }),
    watch: () => () => {},
    clear: () =>
      settled(() => {
        videos.clear();
        definitions = [];
        readings = undefined;
        counter = 0;
        highest = 0;
        uploads.clear();
      }),
    close: () => Promise.resolve(),
  };
}
