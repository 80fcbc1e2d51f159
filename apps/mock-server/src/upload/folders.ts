/**
 * Where uploads live: `<dataDir>/uploads` (final files, named by a hash of the key so a key shaped
 * like a path never reaches a file outside the folder) and `<dataDir>/tmp` (files being received).
 * Without a data dir both sit in a temporary folder removed on close.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface UploadFolders {
  root: string;
  temp: string;
  uploads: string;
  /** The final path of the source file of `key`. */
  fileOf(key: string): string;
  /** Removes the folder if it is temporary (no data dir). */
  dispose(): void;
}

/**
 * Creates (or reopens) the folders; leftover temporary files of an earlier run are removed.
 *
 * @example
 * const folders = createUploadFolders(undefined); // a fresh temporary folder
 */
export function createUploadFolders(dataDir: string | undefined): UploadFolders {
  const temporary = dataDir === undefined;
  const root = temporary ? mkdtempSync(join(tmpdir(), 'video-api-mock-')) : resolve(dataDir);
  const temp = join(root, 'tmp');
  const uploads = join(root, 'uploads');
  mkdirSync(temp, { recursive: true });
  mkdirSync(uploads, { recursive: true });
  for (const name of readdirSync(temp)) rmSync(join(temp, name), { force: true });
  return {
    root,
    temp,
    uploads,
    fileOf: (key) => join(uploads, createHash('sha256').update(key).digest('hex')),
    dispose: () => {
      if (temporary) rmSync(root, { recursive: true, force: true });
    },
  };
}
