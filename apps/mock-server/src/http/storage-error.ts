/**
 * The answer to a failure of the mock's own storage, by the system error code it carries: a full
 * device or quota (ENOSPC, EDQUOT) and a device that failed to write (EIO) are 507 Insufficient
 * Storage; any other I/O error (a folder removed underneath: ENOENT) is a 500 that says the server
 * failed. Never a 4xx: the request was fine.
 */
import { HttpError, insufficientStorage, storageFailed } from './errors.js';
import { storageFullCode } from './storage-full.js';

/**
 * The HttpError for `error`, thrown by the storage that holds `holds` (e.g. `"the mock's uploads"`).
 *
 * @example
 * storageError("the mock's uploads", Object.assign(new Error('no space'), { code: 'ENOSPC' })).status; // 507
 */
export function storageError(holds: string, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (storageFullCode(error) !== undefined) return insufficientStorage(holds, error);
  const code = (error as { code?: unknown } | undefined)?.code;
  return storageFailed(holds, typeof code === 'string' ? code : 'unknown error', error);
}
