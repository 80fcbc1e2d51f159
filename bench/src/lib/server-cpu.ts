/** One autocannon run against a server process, with the server's CPU time per request it answered. */
import { type LoadResult, load } from './autocannon.js';
import { cpuTimeMs, type Started } from './proc.js';

/** A request to repeat: its method, path (of a video key) and JSON body. */
export interface Route {
  name: string;
  method: 'GET' | 'PUT' | 'POST';
  path: (key: string) => string;
  body?: string;
}

/**
 * Loads `server` with `route` for `seconds` (50 connections by default) and reads the server's user +
 * system time from /proc around it: `cpuUsPerRequest` is that time over the requests answered.
 *
 * @example
 * const { cpuUsPerRequest } = await loadWithCpu(mock, ROUTES[0], 'v-0001', 10, 'Bearer t');
 */
export async function loadWithCpu(
  server: Started,
  route: Route,
  key: string,
  seconds: number,
  authorization: string,
  connections = 50,
): Promise<LoadResult & { cpuUsPerRequest: number }> {
  const before = cpuTimeMs(server.pid) ?? Number.NaN;
  const result = await load({
    url: `${server.match}${route.path(key)}`,
    method: route.method,
    headers: { authorization, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    ...(route.body ? { body: route.body } : {}),
    connections,
    durationS: seconds,
  });
  const cpuMs = (cpuTimeMs(server.pid) ?? Number.NaN) - before;
  return { ...result, cpuUsPerRequest: (cpuMs * 1000) / Math.max(1, result.total) };
}
