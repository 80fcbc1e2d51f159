/**
 * A write of the mock's records refused because their storage is full: SQLite's `SQLITE_FULL`
 * (better-sqlite3's `SqliteError`), or the system's ENOSPC or EDQUOT. Told by the error's `code`
 * string alone, so the portable core needs no Node module to recognise it.
 */
import { type HttpError, insufficientStorage } from './errors.js';

/** The codes that mean the device (or the user's quota on it) is full. */
const STORAGE_FULL_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** The `code` of `error` when it says its storage is full, else undefined. */
export function storageFullCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && STORAGE_FULL_CODES.has(code) ? code : undefined;
}

/**
 * The 507 for an error of a record write that found its storage full, else undefined (the error
 * is not the storage's).
 *
 * @example
 * recordsFull(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))?.status; // 507
 */
export function recordsFull(error: unknown): HttpError | undefined {
  return storageFullCode(error) === undefined ? undefined : insufficientStorage("the mock's records", error);
}
