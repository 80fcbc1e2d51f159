/**
 * Streams the `file` part of a multipart body to a temporary file with busboy (§4.2), at flat
 * memory. The temporary file is deleted on every outcome except success; the caller renames it
 * into place.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';

export type ReceiveResult =
  | { kind: 'file'; tempPath: string; size: number; filename: string; mimeType: string }
  | { kind: 'missing-file' }
  | { kind: 'second-file' }
  | { kind: 'too-large' }
  | { kind: 'aborted' }
  | { kind: 'malformed'; message: string };

/** Parts of a form read at most; a file after them is never seen. */
export const MAX_PARTS = 1000;

export interface ReceiveOptions {
  source: Readable;
  headers: Record<string, string>;
  tempDir: string;
  /** Largest file in bytes; undefined for no limit. */
  limit: number | undefined;
}

/**
 * Receives the file of the form field `file`; other parts are drained and ignored.
 *
 * @example
 * const result = await receiveFile({ source: c.env.incoming, headers, tempDir, limit: 5 * 1024 ** 3 });
 * if (result.kind === 'file') renameSync(result.tempPath, finalPath);
 */
export function receiveFile(options: ReceiveOptions): Promise<ReceiveResult> {
  const { source, headers, tempDir, limit } = options;
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        // Filenames are read as UTF-8 (what browsers and curl send), not busboy's default latin1.
        defParamCharset: 'utf8',
        limits: {
          fileSize: limit ?? Number.POSITIVE_INFINITY,
          fields: 100,
          fieldSize: 64 * 1024,
          parts: MAX_PARTS,
        },
      });
    } catch (error) {
      resolve({ kind: 'malformed', message: (error as Error).message });
      return;
    }
    let tempPath: string | undefined;
    let out: WriteStream | undefined;
    let written: Promise<void> | undefined;
    let info: { filename: string; mimeType: string } | undefined;
    let size = 0;
    let settled = false;
    let partsCut = false;

    const finish = (result: ReceiveResult) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.off('error', onSourceError);
      source.off('close', onSourceClose);
      if (result.kind === 'file' || !tempPath || !out) {
        resolve(result);
        return;
      }
      // Remove the temporary file once its stream has closed (it may not even be open yet).
      const path = tempPath;
      const remove = () => {
        rmSync(path, { force: true });
        resolve(result);
      };
      if (out.closed) remove();
      else {
        out.once('close', remove);
        out.destroy();
      }
    };
    const onSourceError = () => finish({ kind: 'aborted' });
    const onSourceClose = () => {
      if (!source.readableEnded) finish({ kind: 'aborted' });
    };

    parser.on('file', (name, stream, fileInfo) => {
      if (name === 'file' && tempPath !== undefined && !settled) {
        // One request uploads one file: a second would silently replace or lose one of them.
        stream.on('error', () => {});
        stream.resume();
        finish({ kind: 'second-file' });
        return;
      }
      if (name !== 'file' || settled) {
        // Drain and ignore. A body that ends inside this part errors the part stream too; the
        // parser's own 'error' answers the request, so this listener only keeps the process alive.
        stream.on('error', () => {});
        stream.resume();
        return;
      }
      tempPath = join(tempDir, `${randomUUID()}.part`);
      info = { filename: fileInfo.filename ?? '', mimeType: fileInfo.mimeType };
      out = createWriteStream(tempPath, { flags: 'wx' });
      const file = out;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      stream.on('limit', () => finish({ kind: 'too-large' }));
      written = pipeline(stream, file).catch(() => finish({ kind: 'aborted' }));
    });
    parser.on('partsLimit', () => {
      partsCut = true;
    });
    parser.on('close', () => {
      if (!tempPath || !written) {
        finish(
          partsCut
            ? {
                kind: 'malformed',
                message: `the form has more than ${MAX_PARTS} parts and no file among the first ${MAX_PARTS}; put the file in the field "file" among them`,
              }
            : { kind: 'missing-file' },
        );
        return;
      }
      const path = tempPath;
      void written.then(() => {
        if (info) finish({ kind: 'file', tempPath: path, size, ...info });
      });
    });
    parser.on('error', (error: Error) => {
      finish(
        source.destroyed && !source.readableEnded
          ? { kind: 'aborted' }
          : { kind: 'malformed', message: error.message },
      );
    });
    source.on('error', onSourceError);
    source.on('close', onSourceClose);
    source.pipe(parser);
  });
}
