/**
 * Whether a failure proves that the request never left: the connection was refused, the host did
 * not resolve, the URL or port was refused locally, or the client refused its own input. Such a
 * failure of a create made nothing, so it is not ambiguous (§4.1).
 */
import { AuthError, InputError } from '../errors.js';

/** Error codes of Node (net, dns) and undici raised before any byte of a request is written. */
const BEFORE_SENDING = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ERR_INVALID_URL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** The error and its causes (and the members of an AggregateError), at most a few levels deep. */
function* chain(error: unknown, depth = 0): Iterable<unknown> {
  if (error === null || error === undefined || depth > 5) return;
  yield error;
  if (typeof error !== 'object') return;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors)) for (const member of errors) yield* chain(member, depth + 1);
  yield* chain(cause, depth + 1);
}

/**
 * True when `error` shows the request was never sent: a local refusal (InputError, or an AuthError
 * without a status, i.e. `getToken` failed), or a connection that was never made.
 *
 * @example
 * neverSent(new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) })); // true
 */
export function neverSent(error: unknown): boolean {
  for (const link of chain(error)) {
    if (link instanceof InputError) return true;
    if (link instanceof AuthError && link.status === undefined) return true;
    if (typeof link !== 'object' || link === null) continue;
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && BEFORE_SENDING.has(code)) return true;
    // undici refuses ports that fetch forbids (e.g. 1, 25) before connecting; it gives no code.
    if (message === 'bad port') return true;
  }
  return false;
}
