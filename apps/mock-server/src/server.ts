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
  const { port = 4010, host = '127.0.0.1', ...rest } = options;
  const app = createApp(rest);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(s));
    s.once('error', reject);
  }).catch(async (error: unknown) => {
    await app.mock.close();
    throw error;
  });
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
