/**
 * The upload sink on disk, crash-consistent: a file being received is written to
 * `<folders>/tmp/<uuid>.part`, synced, renamed to a name of its own in `<folders>/uploads` and the
 * folder synced before the record points at it; the previous file of the key is removed only after
 * the record moved on (`release`), and at start files no record points at are removed (`keepOnly`).
 * So a record's bytes are always those of the upload it names, even after a kill -9 or a power cut.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { IncomingFile, SourceSink } from '../../state/source-sink.js';
import { crashPoint } from '../process/crash-point.js';
import { createUploadFolders } from './upload-folders.js';

/** A file being received on disk: a Node stream can also be piped into it (`writable`). */
export interface DiskFile extends IncomingFile {
  /** The file's write stream; whoever pipes into it ends it, then calls `commit` or `abort`. */
  readonly writable: Writable;
}

/** Whether `file` is a DiskFile (busboy then pipes into it: streams' own backpressure, no promise per chunk). */
export function isDiskFile(file: IncomingFile): file is DiskFile {
  return 'writable' in file;
}

/** `error` with the path it concerns (a write error of a stream names none), for the log. */
function withPath(error: unknown, path: string): unknown {
  if (error instanceof Error && !('path' in error)) Object.assign(error, { path });
  return error;
}

/** Syncs a folder, so a rename in it survives a power cut (Windows opens no folder to sync: skipped there). */
async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * A sink over the upload folders of `dataDir` (or of a temporary folder, removed on dispose);
 * `shared`: other processes use the same data dir (the state in PostgreSQL), so files being
 * received go to a temporary folder of this process's own, and no file is removed at start.
 *
 * @example
 * const sink = diskSink(undefined);
 * const file = sink.begin();
 * await file.write(bytes);
 * const path = await file.commit('v-0001');
 */
export function diskSink(dataDir: string | undefined, shared = false): SourceSink {
  const folders = createUploadFolders(dataDir, shared);
  const sink: SourceSink = {
    maxFileBytes: undefined,
    begin() {
      // Made again if removed underneath the mock (a temp cleaner, a hand).
      mkdirSync(folders.temp, { recursive: true });
      const path = join(folders.temp, `${randomUUID()}.part`);
      // flush: the file is synced before it is closed.
      const out = createWriteStream(path, { flags: 'wx', flush: true });
      let failure: unknown;
      out.on('error', (error) => {
        failure ??= withPath(error, path);
      });
      out.once('ready', () => crashPoint('part-opened'));
      const closed = () =>
        new Promise<void>((resolve) => {
          if (out.closed) resolve();
          else out.once('close', () => resolve());
        });
      const file: DiskFile = {
        writable: out,
        write(chunk) {
          if (failure) throw failure;
          if (out.write(chunk)) return;
          return new Promise<void>((resolve, reject) => {
            const done = () => {
              out.off('drain', done);
              out.off('close', done);
              if (failure) reject(failure);
              else resolve();
            };
            out.on('drain', done);
            out.on('close', done);
          });
        },
        async commit(key) {
          if (!out.writableEnded) {
            await new Promise<void>((resolve, reject) => {
              out.end((error?: Error | null) => (error ? reject(withPath(error, path)) : resolve()));
            });
          }
          await closed();
          if (failure) throw failure;
          crashPoint('part-synced');
          mkdirSync(folders.uploads, { recursive: true });
          const final = folders.fileOf(key);
          try {
            await rename(path, final);
            await syncFolder(folders.uploads);
          } catch (error) {
            throw withPath(error, final);
          }
          crashPoint('renamed');
          return final;
        },
        async abort() {
          out.destroy();
          await closed();
          await rm(path, { force: true });
        },
      };
      return file;
    },
    release(file) {
      crashPoint('before-release');
      if (file.startsWith(join(folders.uploads, ''))) rmSync(file, { force: true });
      crashPoint('after-release');
    },
    paths: () => ({ root: folders.root, temp: folders.temp, uploads: folders.uploads }),
    dispose: () => folders.dispose(),
  };
  if (dataDir === undefined) return sink;
  return {
    ...sink,
    keepOnly(files) {
      const removed: string[] = [];
      for (const name of readdirSync(folders.uploads)) {
        const path = join(folders.uploads, name);
        if (files.has(path)) continue;
        rmSync(path, { recursive: true, force: true });
        removed.push(path);
      }
      return removed;
    },
  };
}
