/**
 * Latency of GETs sent one after another on one keep-alive connection, timed in microseconds
 * (autocannon's whole milliseconds are too coarse for a request that takes a few hundred µs): the
 * server's answer time plus one local socket hop, with no queueing behind other requests.
 */
import { Agent, request } from 'node:http';
import { percentile } from './stats.js';

/** p50 and p99 (µs) of one series of sequential GETs. */
export interface SequentialLatency {
  p50: number;
  p99: number;
}

function getOnce(agent: Agent, base: URL, path: string, authorization: string): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, path, headers: { authorization } },
      (response) => {
        response.resume();
        response.once('end', () => {
          if ((response.statusCode ?? 0) >= 300) reject(new Error(`GET ${path}: ${response.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1000);
        });
      },
    );
    req.once('error', reject);
    req.end();
  });
}

/**
 * Sends `count` GETs of `path(i)` for i = 0…count-1, one at a time, to `baseUrl`.
 *
 * @example
 * const { p50 } = await sequentialGets(mock.match, (i) => `/api/v1/videos/${keys[i]}`, 2000, 'Bearer t');
 */
export async function sequentialGets(
  baseUrl: string,
  path: (i: number) => string,
  count: number,
  authorization: string,
): Promise<SequentialLatency> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const base = new URL(baseUrl);
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) times.push(await getOnce(agent, base, path(i), authorization));
  } finally {
    agent.destroy();
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}
