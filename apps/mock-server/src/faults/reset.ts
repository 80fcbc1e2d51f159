/**
 * Connection resets. Over a real socket (@hono/node-server) the socket is reset, so the client sees
 * ECONNRESET (a fetch `TypeError`). In-process (`app.request()` / `app.fetch`, no socket) the
 * request fails the way fetch fails on a network error: the middleware throws a
 * `ConnectionResetError`, a `TypeError` whose `cause.code` is `ECONNRESET`; the app's `onError`
 * must rethrow it (`if (isConnectionReset(err)) throw err;`) so that `app.fetch` rejects with it.
 */
import type { Socket } from 'node:net';
import type { Context } from 'hono';

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

function socketOf(c: Context): Socket | undefined {
  const env = c.env as { incoming?: { socket?: Socket } } | undefined;
  return env?.incoming?.socket;
}

/**
 * Resets the connection of the request. Returns a response only for the node server's sake (the
 * socket is gone, nothing reaches the client); throws `ConnectionResetError` when there is no socket.
 */
export function resetConnection(c: Context): Response {
  const socket = socketOf(c);
  if (socket === undefined) throw new ConnectionResetError();
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
  return new Response(null, { status: 500, headers: { 'X-Mock-Fault': 'reset' } });
}
