/**
 * Network-level failures the mock plays (faults): connection resets and aborts. Over a real socket
 * (the host's request, `HostRequest.reset`) the socket is reset, so the client sees
 * ECONNRESET (a fetch `TypeError`). In-process (`app.request()` / `app.fetch`, no socket) the
 * request fails the way fetch fails on a network error: the middleware throws a
 * `ConnectionResetError`, a `TypeError` whose `cause.code` is `ECONNRESET`. Likewise, a client that
 * aborts its request during an injected delay in-process gets its signal's reason (an `AbortError`),
 * as fetch would. The app's `onError` must rethrow both (`if (isNetworkFault(err)) throw err;`)
 * so that `app.fetch` rejects with them.
 */
import type { Context } from 'hono';
import type { MockEnv } from './context.js';

/** The error `app.fetch` rejects with when a reset is injected in-process. */
export class ConnectionResetError extends TypeError {
  readonly code = 'ECONNRESET';
  constructor() {
    const cause = Object.assign(new Error('read ECONNRESET (connection reset injected by the mock)'), {
      code: 'ECONNRESET',
    });
    super('fetch failed', { cause });
    this.name = 'TypeError';
  }
}

/**
 * Whether `error` is an injected in-process connection reset; an app-level `onError` rethrows it.
 *
 * @example
 * app.onError((err, c) => {
 *   if (isConnectionReset(err)) throw err; // app.fetch rejects, as fetch does on a reset
 *   return c.json({ error: 'internal' }, 500);
 * });
 */
export function isConnectionReset(error: unknown): error is ConnectionResetError {
  return error instanceof ConnectionResetError;
}

const abortReasons = new WeakSet<object>();

/**
 * Whether `error` is a network-level failure the fault middleware threw in-process: an injected
 * connection reset, or the client's abort during an injected delay. An app-level `onError`
 * rethrows it so that `app.fetch` rejects, as fetch does.
 *
 * @example
 * app.onError((err, c) => {
 *   if (isNetworkFault(err)) throw err;
 *   return c.json({ error: 'internal' }, 500);
 * });
 */
export function isNetworkFault(error: unknown): boolean {
  return isConnectionReset(error) || (typeof error === 'object' && error !== null && abortReasons.has(error));
}

/**
 * Resets the connection of the request (`HostRequest.reset`). Returns a response only for the
 * server's sake (the socket is gone, nothing reaches the client); throws `ConnectionResetError`
 * when there is no socket.
 */
export function resetConnection(c: Context<MockEnv>): Response {
  const host = c.env?.host;
  if (host === undefined) throw new ConnectionResetError();
  host.reset();
  return new Response(null, { status: 500, headers: { 'X-Mock-Fault': 'reset' } });
}

/**
 * Ends a request whose client aborted during an injected delay: over a socket the client is gone
 * and the answer goes nowhere; in-process the signal's reason is thrown (see `isNetworkFault`).
 */
export function abortedRequest(c: Context<MockEnv>, signal: AbortSignal): Response {
  if (c.env?.host !== undefined)
    return new Response(null, { status: 500, headers: { 'X-Mock-Fault': 'aborted' } });
  const reason: unknown = signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
  if (typeof reason === 'object' && reason !== null) abortReasons.add(reason);
  throw reason;
}
