/**
 * Serves a mock app on 127.0.0.1 and an ephemeral port with @hono/node-server (as the mock's own
 * server does), for the tests that need a real socket: raw HTTP, aborted and slow uploads, 413s.
 */

import type { ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { MockApp } from '@video-api/mock-server';

export interface Listening {
  url: string;
  port: number;
  server: ReturnType<typeof serve>;
  /** Stops listening and ends open connections (the app is left open). */
  close(): Promise<void>;
}

/**
 * Listens with `app.fetch`; `serverOptions` reach node:http (e.g. `requestTimeout`).
 *
 * @example
 * const { url, close } = await listen(createApp());
 * await fetch(`${url}/api/v1/videos/v-0001`);
 * await close();
 */
export function listen(app: MockApp, serverOptions: ServerOptions = {}): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: 0, hostname: '127.0.0.1', serverOptions },
      (info: AddressInfo) => {
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          port: info.port,
          server,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              if ('closeAllConnections' in server) server.closeAllConnections();
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
