/** One autocannon run against a server process, with the server's CPU time per request it answered. */
import { type LoadResult, load } from './autocannon.js';
import { cpuTimesMs, type Started } from './proc.js';

/** A request to repeat: its method, path (of a video key) and JSON body. */
export interface Route {
  name: string;
  method: 'GET' | 'PUT' | 'POST';
  path: (key: string) => string;
  body?: string;
}

/** A load run's result with the server's CPU time per request answered: in all, user and system. */
export type LoadWithCpu = LoadResult & {
  cpuUsPerRequest: number;
  userUsPerRequest: number;
  systemUsPerRequest: number;
};

/**
 * Loads `server` with `route` for `seconds` (50 connections by default) and reads the server's user
 * and system time from /proc around it: each over the requests answered. `loadCore` pins the load
 * generator to that core (by default the OS places it).
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
  loadCore?: number,
): Promise<LoadWithCpu> {
  const before = cpuTimesMs(server.pid);
  const result = await load({
    url: `${server.match}${route.path(key)}`,
    method: route.method,
    headers: { authorization, ...(route.body ? { 'content-type': 'application/json' } : {}) },
    ...(route.body ? { body: route.body } : {}),
    connections,
    durationS: seconds,
    ...(loadCore === undefined ? {} : { core: loadCore }),
  });
  const after = cpuTimesMs(server.pid);
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, result.total);
  const user = perRequest((after?.user ?? Number.NaN) - (before?.user ?? Number.NaN));
  const system = perRequest((after?.system ?? Number.NaN) - (before?.system ?? Number.NaN));
  return { ...result, cpuUsPerRequest: user + system, userUsPerRequest: user, systemUsPerRequest: system };
}
