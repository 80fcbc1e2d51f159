/**
 * The mock's temporary folders, `video-api-mock-XXXXXX` under the OS temp dir, each with an owner
 * file naming the process that made it. A mock that starts removes the folders whose owner is gone
 * (killed with SIGKILL, crashed); never a folder whose owner may still run, one without an owner
 * file, one of another user, or anything that is not a folder (a symbolic link).
 */
import { randomUUID } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentProcess, formatIdentity, isAlive, readIdentity } from '../process/process-identity.js';

/** The name every temporary folder of the mock starts with. */
export const TEMP_PREFIX = 'video-api-mock-';
/** The owner file inside each. */
export const OWNER_FILE = 'owner.json';

/**
 * Writes the owner file of `root` for this process: written aside and renamed into place, so a
 * mock reclaiming leftovers at the same moment sees it whole or not at all (and then keeps the folder).
 */
export function writeOwner(root: string): void {
  const draft = join(root, `${OWNER_FILE}.${process.pid}.draft`);
  writeFileSync(draft, formatIdentity(currentProcess()));
  renameSync(draft, join(root, OWNER_FILE));
}

/** Makes a new temporary folder owned by this process under `parent` (default: the OS temp dir). */
export function createTempFolder(parent: string = tmpdir()): string {
  const root = mkdtempSync(join(parent, TEMP_PREFIX));
  writeOwner(root);
  return root;
}

/** Whether `path` is a real folder of this user (not a link, not someone else's). */
function ownFolder(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isDirectory() && (process.getuid === undefined || stat.uid === process.getuid());
  } catch {
    return false;
  }
}

/**
 * Removes the temporary folder `dir` (nothing if it is gone), its owner file last: interrupted,
 * what is left is still reclaimed by the next mock.
 */
export function removeTempFolder(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    if (name !== OWNER_FILE) rmSync(join(dir, name), { recursive: true, force: true });
  }
  rmSync(join(dir, OWNER_FILE), { force: true });
  rmdirSync(dir);
}

/**
 * Removes the temporary folders under `parent` whose owner no longer runs; returns their paths.
 * Two mocks doing it at once do not collide: each folder is first renamed, which only one can do.
 *
 * @example
 * reclaimLeftovers(); // ['/tmp/video-api-mock-Ab12Cd'] after a mock was killed with SIGKILL
 */
export function reclaimLeftovers(parent: string = tmpdir()): string[] {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return []; // no temp dir (yet): nothing left behind
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const dir = join(parent, name);
    if (!ownFolder(dir)) continue;
    const owner = readIdentity(join(dir, OWNER_FILE));
    if (owner === undefined || isAlive(owner)) continue;
    // The claimed name keeps the prefix and the dead owner's file: if this process dies while
    // removing it, the next mock reclaims what is left.
    const claimed = join(parent, `${TEMP_PREFIX}reclaimed-${randomUUID()}`);
    try {
      renameSync(dir, claimed);
      removeTempFolder(claimed);
      removed.push(dir);
    } catch {
      // Taken by another mock meanwhile, or not removable now: left for a later start.
    }
  }
  return removed;
}

const reclaimed = new Set<string>();

/** `reclaimLeftovers(parent)` once per process and folder (apps created later in it skip the scan). */
export function reclaimLeftoversOnce(parent: string = tmpdir()): void {
  if (reclaimed.has(parent)) return;
  reclaimed.add(parent);
  reclaimLeftovers(parent);
}
