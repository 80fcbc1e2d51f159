/** Listens with a node:http request handler on 127.0.0.1 and a free port, for answers no app gives. */
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server of the tests, listening on 127.0.0.1. */
export interface Listening {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  port: number;
  server: Server;
  /** Ends every open connection (answered or not) and stops listening. */
  close(): Promise<void>;
}

/**
 * Listens with `handler` (none: connections are accepted and never answered); `serverOptions`
 * reach node:http (e.g. `requestTimeout`).
 *
 * @example
 * const server = await listenHttp((request, response) => response.writeHead(503).end('busy'));
 * await fetch(`${server.url}/anything`); // 503
 * await server.close();
 */
export function listenHttp(handler?: RequestListener, serverOptions: ServerOptions = {}): Promise<Listening> {
  return listenOnLoopback(createServer(serverOptions, handler));
}

/** Makes `server` listen on 127.0.0.1 and a free port; rejects when it cannot. */
export function listenOnLoopback(server: Server): Promise<Listening> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, port, server, close: () => closeServer(server) });
    });
  });
}

/** Closes `server` with its open connections; resolves at once when it no longer listens. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    if (!server.listening) return resolve();
    server.close(() => resolve());
  });
}
