/**
 * The uploads streaming in (§3's `uploading` phase): a part of the store seam (video-store.ts), so
 * that every process sharing a store sees the same phase. A store of one process keeps them in
 * memory (`localUploads`, here): they end with the process. A store that processes share keeps
 * them beside the videos, each under a lease its process renews (src/node/postgres/postgres-uploads.ts),
 * so one killed mid-upload leaves no video `uploading` for longer than the lease.
 */
import type { VideoRecord } from './types.js';

/** One upload streaming into the video `key`, from `begin` to `end`. */
export interface UploadInProgress {
  readonly key: string;
  /** Whether no other upload of the video was streaming in when this one began (its phase changed then). */
  readonly first: boolean;
  /**
   * Ends the upload (stored or abandoned); resolves to whether it was the video's last one in
   * progress (its phase changed back then). A second call does nothing and resolves to false.
   */
  end(): Promise<boolean>;
}

/** The uploads in progress of one state. */
export interface UploadsInProgress {
  /** Records that an upload of `key` began (committed once it resolves, for every process). */
  begin(key: string): Promise<UploadInProgress>;
  /**
   * Whether an upload of the video was in progress when `record` was read from the store (a store
   * that processes share reads it with the record: answered without another round trip).
   */
  has(record: VideoRecord): boolean;
}

/**
 * Uploads in progress in this process's memory: what the memory and SQLite stores keep (one
 * process owns their state; a killed process takes its uploads along). `clear` forgets them all
 * (a reset): an upload that ends after it changes nothing.
 *
 * @example
 * const uploads = localUploads();
 * const upload = await uploads.begin('v-0001'); // upload.first: true
 * await upload.end(); // true: the last one
 */
export function localUploads(): UploadsInProgress & { clear(): void } {
  const byKey = new Map<string, Set<object>>();
  return {
    begin(key) {
      const ids = byKey.get(key) ?? new Set<object>();
      byKey.set(key, ids);
      const id = {};
      const first = ids.size === 0;
      ids.add(id);
      return Promise.resolve({
        key,
        first,
        end() {
          const held = byKey.get(key);
          if (!held?.delete(id)) return Promise.resolve(false);
          if (held.size === 0) byKey.delete(key);
          return Promise.resolve(held.size === 0);
        },
      });
    },
    has: (record) => byKey.has(record.key),
    clear: () => byKey.clear(),
  };
}
