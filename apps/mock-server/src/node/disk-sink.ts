/**
 * The upload sink on disk: a file being received is written to `<folders>/tmp/<uuid>.part` and
 * renamed into `<folders>/uploads` only when complete, so a stored source is always whole.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceSink } from '../state/source-sink.js';
import { createUploadFolders } from './upload-folders.js';

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
      return {
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
          await new Promise<void>((resolve, reject) => {
            out.end((error?: Error | null) => (error ? reject(error) : resolve()));
          });
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
    },
    paths: () => ({ root: folders.root, temp: folders.temp, uploads: folders.uploads }),
    dispose: () => folders.dispose(),
  };
}
