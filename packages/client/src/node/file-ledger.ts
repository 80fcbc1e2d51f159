/**
 * A ledger kept in a JSON file, so a batch upload that crashed can be rerun without duplicates.
 * Every change is written to a temporary file and renamed over the old one (atomic on POSIX).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { LedgerEntry, UploadLedger } from '../batch/types.js';

/**
 * @example
 * import { jsonFileLedger } from '@video-api/client/node';
 * await client.uploadVideos(files, { projectKey: 'demo', ledger: jsonFileLedger('.video-api-ledger.json') });
 */
export function jsonFileLedger(path: string): UploadLedger {
  let entries: Record<string, LedgerEntry> = {};
  try {
    entries = JSON.parse(readFileSync(path, 'utf8')) as Record<string, LedgerEntry>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const save = () => {
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(entries, null, 2)}\n`);
    renameSync(temporary, path);
  };
  return {
    get: (id) => entries[id],
    set: (id, entry) => {
      if (entry === undefined) delete entries[id];
      else entries[id] = entry;
      save();
    },
  };
}
