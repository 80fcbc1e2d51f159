/**
 * Settles the layout V8 gives the objects every request makes (Hono's Context, node:http's
 * IncomingMessage and ServerResponse, @hono/node-server's wrappers, the socket), before the first
 * real request.
 *
 * V8 learns how many fields a class's objects have from the first seven it makes ("in-object
 * slack tracking") and sizes every later one by that. What it learned lives in maps that a full
 * garbage collection clears when none of those objects is alive. A collection that falls between
 * the sixth and the seventh request of a process therefore leaves every later object of those
 * classes with no room for its fields: Hono's Context (31 fields) becomes a dictionary and each
 * request costs about twice the CPU, for the life of the process. Seeding a big store over the
 * admin API makes such a collection likely (bench/results/2026-11-26-slack-tracking.md).
 *
 * So eight requests are served first by a throwaway app on a throwaway loopback server, with the
 * first request's objects kept alive until the eighth, so no collection can clear them.
 */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';

/** V8 fixes a class's layout when it makes its seventh object; one more for the margin. */
const REQUESTS = 8;

/** A request that takes longer than this (loopback answers in well under 1 ms) ends the settling. */
const REQUEST_TIMEOUT_MS = 2_000;

let settled: Promise<void> | undefined;

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** One GET of `/` on its own loopback connection, read to the end; rejects after `timeoutMs` or when cut short. */
export function getOnce(port: number, timeoutMs = REQUEST_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const signal = AbortSignal.timeout(timeoutMs);
    get({ host: '127.0.0.1', port, path: '/', agent: false, signal }, (response) => {
      response.resume();
      response.once('error', reject);
      response.once('close', () => (response.complete ? resolve() : reject(new Error('cut short'))));
    }).once('error', reject);
  });
}

async function settle(): Promise<void> {
  const kept: unknown[] = [];
  const app = new Hono().get('/', (c) => {
    if (kept.length === 0) kept.push(c); // its env holds the request's IncomingMessage and ServerResponse
    return c.json({ settled: true });
  });
  const server = createServer(getRequestListener(app.fetch));
  try {
    const port = await listen(server);
    for (let i = 0; i < REQUESTS; i++) await getOnce(port);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    kept.length = 0;
  }
}

/**
 * Serves eight requests on a throwaway loopback server, once per process (later calls share the
 * first); never fails and never waits long: where loopback cannot be served or answers slowly,
 * the process runs as it would have. It puts about 10 ms before the first answer. `startServer`
 * calls it before it listens; call it yourself before you serve `createApp` with your own
 * node:http server.
 *
 * @example
 * await settleRequestShapes();
 * serve({ fetch: createApp().fetch, port: 4010 });
 */
export function settleRequestShapes(): Promise<void> {
  settled ??= settle().catch(() => undefined);
  return settled;
}
