/**
 * Where uploads live: `<dataDir>/uploads` (final files, named by a hash of the key so a key shaped
 * like a path never reaches a file outside the folder) and `<dataDir>/tmp` (files being received,
 * transcodes in progress); transcoded renditions go to `<dataDir>/renditions` (src/node/transcode).
 * Without a data dir both sit in a temporary folder, created on the first upload and removed on
 * close (or, for an app never closed, when the process exits).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface UploadFolders {
  readonly root: string;
  readonly temp: string;
  readonly uploads: string;
  /** The final path of the source file of `key`. */
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
    for (const dir of temporaryRoots) rmSync(dir, { recursive: true, force: true });
  });
}

function open(root: string): { temp: string; uploads: string } {
  const temp = join(root, 'tmp');
  const uploads = join(root, 'uploads');
  mkdirSync(temp, { recursive: true });
  mkdirSync(uploads, { recursive: true });
  // Files and transcode folders an earlier run left (a crash, a power loss).
  for (const name of readdirSync(temp)) rmSync(join(temp, name), { recursive: true, force: true });
  return { temp, uploads };
}

/**
 * The folders of a data dir (created now; leftover temporary files of an earlier run removed), or
 * of a temporary folder created when first used.
 *
 * @example
 * const folders = createUploadFolders(undefined);
 * folders.temp; // creates video-api-mock-XXXXXX under the OS temp dir
 */
export function createUploadFolders(dataDir: string | undefined): UploadFolders {
  let root = dataDir === undefined ? undefined : resolve(dataDir);
  let paths = root === undefined ? undefined : open(root);
  let disposed = false;
  const ensure = () => {
    if (paths) return paths;
    if (disposed) throw new Error('the upload folders of this mock are closed');
    root = mkdtempSync(join(tmpdir(), 'video-api-mock-'));
    removeOnExit(root);
    paths = open(root);
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
    fileOf: (key) => join(ensure().uploads, createHash('sha256').update(key).digest('hex')),
    dispose: () => {
      disposed = true;
      if (dataDir !== undefined || root === undefined) return;
      rmSync(root, { recursive: true, force: true });
      temporaryRoots.delete(root);
    },
  };
}
