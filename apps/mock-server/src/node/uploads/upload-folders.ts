/**
 * Where uploads live: `<dataDir>/uploads` (final files, named by a hash of the key, so a key shaped
 * like a path never reaches a file outside the folder, and a UUID per upload) and `<dataDir>/tmp` (files being received,
 * transcodes in progress); transcoded renditions go to `<dataDir>/renditions` (src/node/transcode).
 * Without a data dir both sit in a temporary folder (temp-folder.ts), created on the first upload,
 * made again if a temp cleaner removed it under a long-running mock, and removed on close (or,
 * for an app never closed, when the process exits; after a SIGKILL, by the next mock that starts).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  createTempFolder,
  OWNER_FILE,
  reclaimLeftoversOnce,
  removeTempFolder,
  writeOwner,
} from './temp-folder.js';

export interface UploadFolders {
  readonly root: string;
  readonly temp: string;
  readonly uploads: string;
  /** A new final path for a source file of `key` (`<sha-256 of key>.<uuid>`). */
  fileOf(key: string): string;
  /** Removes the folder if it is temporary (no data dir). */
  dispose(): void;
}

const temporaryRoots = new Set<string>();
let exitHook = false;

function removeOnExit(root: string): void {
  temporaryRoots.add(root);
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const dir of temporaryRoots) {
      try {
        removeTempFolder(dir);
      } catch {
        // Not removable now (a file in use): its owner file says this process is gone, so the
        // next mock that starts removes it.
      }
    }
  });
}

/** How old another process's temporary folder in a shared data dir must be before a start removes it. */
const STALE_SHARED_TEMP_MS = 24 * 60 * 60 * 1000;

function open(root: string, shared: boolean): { temp: string; uploads: string } {
  const uploads = join(root, 'uploads');
  mkdirSync(uploads, { recursive: true });
  if (shared) return { temp: openSharedTemp(join(root, 'tmp')), uploads };
  const temp = join(root, 'tmp');
  mkdirSync(temp, { recursive: true });
  // Files and transcode folders an earlier run left (a crash, a power loss).
  for (const name of readdirSync(temp)) rmSync(join(temp, name), { recursive: true, force: true });
  return { temp, uploads };
}

/**
 * A data dir that several processes share (the state in PostgreSQL): each has a temporary folder
 * of its own under `tmp/`, and a start removes only the folders no upload has touched for a day
 * (another process's, killed before it could remove its own): a live process's files are never
 * removed under it.
 */
function openSharedTemp(tmp: string): string {
  mkdirSync(tmp, { recursive: true });
  const now = Date.now();
  for (const name of readdirSync(tmp)) {
    const path = join(tmp, name);
    const modified = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? now;
    if (now - modified > STALE_SHARED_TEMP_MS) rmSync(path, { recursive: true, force: true });
  }
  const own = join(tmp, `${process.pid}-${randomUUID()}`);
  mkdirSync(own);
  return own;
}

/** Makes the folders of a temporary root again, and its owner file, after a temp cleaner removed them. */
function restore(root: string): void {
  mkdirSync(join(root, 'tmp'), { recursive: true });
  mkdirSync(join(root, 'uploads'), { recursive: true });
  writeOwner(root);
}

/**
 * The folders of a data dir (created now; leftover temporary files of an earlier run removed), or
 * of a temporary folder created when first used. Either way, the temporary folders that killed
 * mocks left behind are removed now (once per process).
 *
 * @example
 * const folders = createUploadFolders(undefined);
 * folders.temp; // creates video-api-mock-XXXXXX under the OS temp dir
 */
export function createUploadFolders(dataDir: string | undefined, shared = false): UploadFolders {
  let root = dataDir === undefined ? undefined : resolve(dataDir);
  let paths = root === undefined ? undefined : open(root, shared);
  let disposed = false;
  reclaimLeftoversOnce();
  const ensure = () => {
    if (paths) {
      if (dataDir === undefined && !disposed && !existsSync(join(root as string, OWNER_FILE)))
        restore(root as string);
      return paths;
    }
    if (disposed) throw new Error('the upload folders of this mock are closed');
    root = createTempFolder();
    removeOnExit(root);
    paths = open(root, false);
    return paths;
  };
  return {
    get root() {
      ensure();
      return root as string;
    },
    get temp() {
      return ensure().temp;
    },
    get uploads() {
      return ensure().uploads;
    },
    fileOf: (key) =>
      join(ensure().uploads, `${createHash('sha256').update(key).digest('hex')}.${randomUUID()}`),
    dispose: () => {
      disposed = true;
      // A shared data dir's own temporary folder goes (files being received are aborted by then).
      if (shared && paths) rmSync(paths.temp, { recursive: true, force: true });
      if (dataDir !== undefined || root === undefined) return;
      removeTempFolder(root);
      temporaryRoots.delete(root);
    },
  };
}
