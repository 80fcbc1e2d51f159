/**
 * The one error handler of an instance (Hono's `onError`, and the pipeline's for errors it
 * catches): a network fault is rethrown (in-process, `app.fetch` rejects as `fetch` does on a
 * reset or an abort), a full store is logged and answered as the 507 of src/http/storage-full.ts,
 * anything else unknown is logged and answered as a 500; then the mock's own errors render as
 * mock errors (src/http/mock-error.ts), admin paths as problem+json, the rest in the error shape
 * of the request's readings (src/http/errors.ts).
 */
import type { Context } from 'hono';
import type { ServerReadings } from '../readings/server-readings.js';
import type { Log } from '../shared/log.js';
import type { MockEnv } from './context.js';
import { HttpError, internalError, renderAdminError, renderError } from './errors.js';
import { renderMockError } from './mock-error.js';
import { isNetworkFault } from './network-fault.js';
import { isAdminPath } from './operations.js';
import { recordsFull, storageFullCode } from './storage-full.js';

/** Answers an error thrown while handling `c`. */
export type ErrorPolicy = (error: Error, c: Context<MockEnv>) => Response;

/**
 * The error handler of one state: its log, and its readings for errors raised before a request's
 * own were set.
 *
 * @example
 * const onError = errorPolicy(state);
 * app.onError(onError);
 */
export function errorPolicy({ log, readings }: { log: Log; readings: ServerReadings }): ErrorPolicy {
  return (error, c) => {
    if (isNetworkFault(error)) throw error; // in-process: app.fetch rejects, as fetch does on a reset or an abort
    const full = error instanceof HttpError ? undefined : recordsFull(error);
    if (full)
      log('error', {
        msg: 'storage full',
        path: c.req.path,
        code: storageFullCode(error),
        error: String(error),
      });
    const known = error instanceof HttpError ? error : full;
    if (!known) log('error', { msg: 'unhandled error', error: String(error), stack: error.stack });
    if (known?.mock) return renderMockError(known);
    if (isAdminPath(c.req.path)) return renderAdminError(known ?? internalError());
    return renderError(known ?? internalError(), c.get('readings') ?? readings.forRequest());
  };
}
