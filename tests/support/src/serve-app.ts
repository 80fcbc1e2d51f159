/** Serves a fetch handler (a Hono app, the mock) over real HTTP on 127.0.0.1 and a free port. */
import type { Server, ServerOptions } from 'node:http';
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { type Listening, listenOnLoopback } from './listen-http.js';

/** What @hono/node-server passes as `env` on node:http: the raw request (`incoming`) and response. */
export type NodeEnv = HttpBindings;

/** Anything with a fetch handler: a Hono app, the mock's app, or `{ fetch }`. */
export interface FetchApp {
  fetch(request: Request, env: NodeEnv): Response | Promise<Response>;
}

/**
 * Serves `app` with @hono/node-server, as the mock's own server does: the handler gets the raw
 * Node request as `env.incoming` (the mock streams uploads from it and resets sockets through it),
 * and, as @hono/node-server does by default, the process's global `Request` and `Response` become
 * its lighter subclasses. `serverOptions` reach node:http (e.g. `requestTimeout`). `close()` leaves
 * the app open.
 *
 * @example
 * const server = await serveApp(createApp());
 * await fetch(`${server.url}/api/v1/videos/v-0001`);
 * await server.close();
 */
export function serveApp(app: FetchApp, serverOptions: ServerOptions = {}): Promise<Listening> {
  const server = createAdaptorServer({
    // A node:http server (not http2), so env is always HttpBindings.
    fetch: (request, env) => app.fetch(request, env as NodeEnv),
    hostname: '127.0.0.1',
    serverOptions,
  });
  return listenOnLoopback(server as Server);
}
