/**
 * File-path upload sources for Node: the file is read in 1 MiB chunks, so a file of any size is
 * sent at constant memory, and it can be read again when an upload is retried.
 */
import { constants, createReadStream } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { InputError } from '../errors.js';
import type { PreparedSource } from '../upload/source.js';

/** A file on disk to upload. */
export interface FileSource {
  path: string;
  name?: string | undefined;
  type?: string | undefined;
}

const TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.ts': 'video/mp2t',
};

/**
 * Whether `source` is a file path or `{ path }`.
 *
 * @example
 * isFileSource('clip.mp4'); // true
 */
export function isFileSource(source: unknown): source is string | FileSource {
  return (
    typeof source === 'string' ||
    (typeof source === 'object' && source !== null && typeof (source as FileSource).path === 'string')
  );
}

/**
 * Why a path cannot be uploaded, from what `stat`/`access` threw or a check of the file's kind.
 *
 * @example
 * unusableBecause(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })); // 'no such file'
 */
export function unusableBecause(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not readable' : (error as Error).message;
}

/**
 * Prepares a file path for upload; throws InputError naming the path when it is not a readable file.
 *
 * @example
 * const prepared = await prepareFile('clip.mp4'); // { size, name: 'clip.mp4', type: 'video/mp4', ... }
 */
export async function prepareFile(
  source: string | FileSource,
  name?: string,
  type?: string,
): Promise<PreparedSource> {
  const file = typeof source === 'string' ? { path: source } : source;
  let size: number;
  try {
    const info = await stat(file.path);
    if (!info.isFile())
      throw new Error(info.isDirectory() ? 'a directory, not a file' : 'not a regular file');
    await access(file.path, constants.R_OK);
    size = info.size;
  } catch (error) {
    throw new InputError(`cannot upload ${file.path}: ${unusableBecause(error)}`, {
      operation: 'uploadVideoSource',
      cause: error,
    });
  }
  return {
    size,
    name: name ?? file.name ?? basename(file.path),
    type: type ?? file.type ?? TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    repeatable: true,
    chunks: () => createReadStream(file.path, { highWaterMark: 1024 * 1024 }),
  };
}
