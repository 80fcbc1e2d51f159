/**
 * Draining a server before it closes (SIGTERM in a rolling restart): it stops accepting
 * connections, closes the idle keep-alive ones, lets the requests in flight finish for at most
 * `ms`, then ends what is left (a long upload, the journal's event stream). Meanwhile `/readyz`
 * answers 503 `draining`, so a load balancer sends the next requests to another instance.
 */
import type { Server } from 'node:http';

/** Counts the requests `server` is answering, from now on. */
export function trackInFlight(server: Server): { count(): number; idle(): Promise<void> } {
  let count = 0;
  const waiters: (() => void)[] = [];
  server.on('request', (_request, response) => {
    count++;
    response.once('close', () => {
      count--;
      if (count === 0) for (const wake of waiters.splice(0)) wake();
    });
  });
  return {
    count: () => count,
    idle: () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

/**
 * Stops accepting, waits up to `ms` for the requests in flight (`inFlight`), then ends every
 * connection; resolves once the server is closed. `ms` 0: ends every connection at once.
 *
 * @example
 * await drain(server, inFlight, 10_000);
 */
export async function drain(server: Server, inFlight: { idle(): Promise<void> }, ms: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  if (ms > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      inFlight.idle(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
  }
  server.closeAllConnections();
  await closed;
}
