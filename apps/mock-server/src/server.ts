/** Serves the mock on Node with @hono/node-server. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import type { MockApp, MockOptions } from './types.js';

export interface ServerOptions extends MockOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Longest wait for a request's headers (ms); slow-loris guard. Default 15 000. */
  headersTimeoutMs?: number;
  /** A connection idle this long (ms) is closed, also mid-upload. Default 60 000. */
  idleTimeoutMs?: number;
  /** Longest time (ms) to receive a whole request, uploads included; 0 for none. Default 3 600 000. */
  requestTimeoutMs?: number;
}

/**
 * Applies the timeouts that cut off slow or stalled clients (slow-loris): a dropped connection
 * aborts its upload, which removes its temporary file. The whole-request limit is long, because a
 * legitimate upload of a large file can take minutes.
 */
function applyTimeouts(
  server: ReturnType<typeof serve>,
  { headersTimeoutMs = 15_000, idleTimeoutMs = 60_000, requestTimeoutMs = 3_600_000 }: ServerOptions,
): void {
  if (!('headersTimeout' in server)) return; // an HTTP/2 server has its own settings
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = requestTimeoutMs;
  server.setTimeout(idleTimeoutMs);
}

export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  app: MockApp;
  /** Stops listening, ends open connections and closes the app (temp folder removed). */
  close(): Promise<void>;
}

/**
 * Creates the app and listens.
 *
 * @example
 * const server = await startServer({ port: 0 });
 * await fetch(`${server.url}/api/v1/videos/v-0001`, { headers: { authorization: 'Bearer mock-token' } });
 * await server.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const {
    port = 4010,
    host = '127.0.0.1',
    headersTimeoutMs,
    idleTimeoutMs,
    requestTimeoutMs,
    ...rest
  } = options;
  const app = createApp(rest);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(s));
    s.once('error', reject);
  }).catch(async (error: unknown) => {
    await app.mock.close();
    throw error;
  });
  applyTimeouts(server, { headersTimeoutMs, idleTimeoutMs, requestTimeoutMs });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostPart}:${address.port}`,
    app,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await app.mock.close();
    },
  };
}
