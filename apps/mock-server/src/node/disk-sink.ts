/**
 * The upload sink on disk: a file being received is written to `<folders>/tmp/<uuid>.part` and
 * renamed into `<folders>/uploads` only when complete, so a stored source is always whole.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { IncomingFile, SourceSink } from '../state/source-sink.js';
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

/**
 * A sink over the upload folders of `dataDir` (or of a temporary folder, removed on dispose).
 *
 * @example
 * const sink = diskSink(undefined);
 * const file = sink.begin();
 * await file.write(bytes);
 * const path = await file.commit('v-0001');
 */
export function diskSink(dataDir: string | undefined): SourceSink {
  const folders = createUploadFolders(dataDir);
  return {
    maxFileBytes: undefined,
    begin() {
      const path = join(folders.temp, `${randomUUID()}.part`);
      const out = createWriteStream(path, { flags: 'wx' });
      let failure: Error | undefined;
      out.on('error', (error) => {
        failure ??= error;
      });
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
              out.end((error?: Error | null) => (error ? reject(error) : resolve()));
            });
          }
          await closed();
          if (failure) throw failure;
          const file = folders.fileOf(key);
          renameSync(path, file);
          return file;
        },
        async abort() {
          out.destroy();
          await closed();
          rmSync(path, { force: true });
        },
      };
      return file;
    },
    paths: () => ({ root: folders.root, temp: folders.temp, uploads: folders.uploads }),
    dispose: () => folders.dispose(),
  };
}
