/**
 * One mock per data dir: a second one would share the database and, on start, clear the folder of
 * uploads in progress under the first. The lock is a file naming the owner (process id, start
 * time, host: ../process/process-identity.ts); a lock whose process is gone (a crash, a kill -9, its pid since
 * reused by another process) is taken over.
 */
import { linkSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OptionError } from '../../options.js';
import { currentProcess, formatIdentity, isAlive, readIdentity } from './process-identity.js';

/** File name of the lock inside the data dir. */
export const LOCK_FILE = 'mock.lock';

const held = new Set<string>();
let exitHook = false;

function releaseAllOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const path of held) rmSync(path, { force: true });
  });
}

function inUse(dataDir: string, pid: number | undefined): OptionError {
  const by =
    pid === undefined ? 'another mock' : pid === process.pid ? 'a mock in this process' : `process ${pid}`;
  return new OptionError(
    `dataDir: "${dataDir}" is in use by ${by} (one mock per data dir: stop that one first, or choose another)`,
  );
}

/**
 * Takes the lock of `dataDir` (which must exist) for this process, or throws an OptionError
 * naming the process that holds it. Returns the release function.
 *
 * @example
 * const release = lockDataDir('./mock-data');
 * // ... serve ...
 * release();
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  if (held.has(path)) throw inUse(dataDir, process.pid);
  // Written aside and linked into place: the lock file appears with its owner in it, or not at
  // all (link fails if the file exists), so a lock is never seen half written.
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, formatIdentity(currentProcess()));
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = readIdentity(path);
        if (
          attempt > 0 ||
          (owner !== undefined && owner.pid !== process.pid && isAlive(owner, { judgeOtherHosts: true }))
        ) {
          throw inUse(dataDir, owner?.pid);
        }
        rmSync(path, { force: true }); // stale: its process is gone
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  held.add(path);
  releaseAllOnExit();
  return () => {
    if (!held.delete(path)) return;
    rmSync(path, { force: true });
  };
}
