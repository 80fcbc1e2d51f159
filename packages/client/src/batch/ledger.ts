/** In-memory upload ledger: remembers correlation ids for one run (see `UploadLedger`). */
import type { LedgerEntry, UploadLedger } from './types.js';

/**
 * @example
 * const ledger = memoryLedger();
 * await client.uploadVideos(files, { projectKey: 'demo', ledger });
 * await client.uploadVideos(files, { projectKey: 'demo', ledger }); // reuses the videos of the first run
 */
export function memoryLedger(initial: Record<string, LedgerEntry> = {}): UploadLedger & {
  entries(): Record<string, LedgerEntry>;
} {
  const map = new Map(Object.entries(initial));
  return {
    get: (id) => map.get(id),
    set: (id, entry) => {
      if (entry === undefined) map.delete(id);
      else map.set(id, entry);
    },
    entries: () => Object.fromEntries(map),
  };
}
