/**
 * The one error handler of an instance (Hono's `onError`, and the pipeline's for errors it
 * catches): a network fault is rethrown (in-process, `app.fetch` rejects as `fetch` does on a
 * reset or an abort), a full store is logged and answered as the 507 of src/http/storage-full.ts,
 * an unavailable store (a database down or too slow) as the mock's 503 `database-unavailable`
 * with Retry-After (the server's trouble: never a 500, never the client's fault),
 * anything else unknown is logged and answered as a 500; then the mock's own errors render as
 * mock errors (src/http/mock-error.ts), admin paths as problem+json, the rest in the error shape
 * of the request's readings (src/http/errors.ts).
 */
import type { Context } from 'hono';
import type { ServerReadings } from '../readings/server-readings.js';
import type { Log } from '../shared/log.js';
import { StoreUnavailable } from '../state/store-unavailable.js';
import type { MockEnv } from './context.js';
import { HttpError, internalError, renderAdminError, renderError } from './errors.js';
import { mockError, renderMockError } from './mock-error.js';
import { isNetworkFault } from './network-fault.js';
import { isAdminPath } from './operations.js';
import { recordsFull, storageFullCode } from './storage-full.js';

/** The mock's 503 for a store it cannot reach, logged at warn (one line per request that met it). */
function storeUnavailable(error: StoreUnavailable, log: Log): HttpError {
  log('warn', { msg: 'database unavailable', reason: error.reason });
  return mockError(
    'database-unavailable',
    'Database unavailable',
    `The mock keeps its state in a database it cannot reach just now (${error.reason}); try again after the Retry-After delay.`,
    503,
    { 'retry-after': String(error.retryAfterSeconds) },
  );
}

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
    const unavailable = error instanceof StoreUnavailable ? storeUnavailable(error, log) : undefined;
    const known = error instanceof HttpError ? error : (full ?? unavailable);
    if (!known) log('error', { msg: 'unhandled error', error: String(error), stack: error.stack });
    if (known?.mock) return renderMockError(known);
    if (isAdminPath(c.req.path)) return renderAdminError(known ?? internalError());
    return renderError(known ?? internalError(), c.get('readings') ?? readings.forRequest());
  };
}
