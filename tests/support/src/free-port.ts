/** A loopback port that was free a moment ago: for programs that need a port, and for refused connections. */
import { listenHttp } from './listen-http.js';

/**
 * A port on 127.0.0.1 that nothing listens on (opened and closed again), for a program that
 * cannot take port 0 and report the port it got.
 *
 * @example
 * const port = await freePort();
 * spawn('prism', ['mock', spec, '-p', String(port)]);
 */
export async function freePort(): Promise<number> {
  const server = await listenHttp();
  await server.close();
  return server.port;
}

/**
 * The base URL of a port nothing listens on: connecting to it is refused (ECONNREFUSED).
 *
 * @example
 * const offline = createVideoApiClient({ baseUrl: await refusedUrl(), token: 't' });
 */
export async function refusedUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
