/**
 * Sends the raw cases to a listening mock and checks each reply; afterwards the server must still
 * answer a normal request.
 */
import type { MockApp } from '@video-api/mock-server/node';
import { createApp } from '@video-api/mock-server/node';
import { errorDetail } from '@video-api/schema';
import { rawRequest, serveApp } from '@video-api/test-support';
import { type RawCase, rawCases } from './raw-cases.js';
import { baseRequest, mutate, type RawMutation } from './raw-mutations.js';

export interface RawStats {
  requests: number;
  statuses: Record<string, number>;
  serverErrors: number;
  problems: { label: string; problem: string }[];
}

/** What is wrong with the reply to `c`, or undefined. */
export function rawProblem(c: RawCase, status: number | undefined, body: string): string | undefined {
  if (status === undefined) return c.expect === 'http' ? undefined : 'no response';
  if (status >= 500) return `server error ${status}: ${body.slice(0, 200)}`;
  if (c.expect === 'success')
    return status >= 200 && status < 300
      ? undefined
      : `expected success, got ${status} ${body.slice(0, 200)}`;
  if (status < 400) return `expected a 4xx, got ${status}`;
  if (c.expect === 'app') {
    try {
      if (errorDetail(JSON.parse(body)) === undefined)
        return `error ${status} without a message: ${body.slice(0, 200)}`;
    } catch {
      return `error ${status} whose body is not JSON: ${body.slice(0, 200)}`;
    }
  }
  return undefined;
}

/**
 * Runs every raw case against `app` (a fresh mock when not given) served on 127.0.0.1:0.
 *
 * @example
 * const stats = await runRawCases();
 * stats.serverErrors; // 0
 */
export async function runRawCases(given?: MockApp, mutations: RawMutation[] = []): Promise<RawStats> {
  const app = given ?? createApp({ maxUploadBytes: 1024 * 1024 });
  const [key = 'v-0001'] = await app.mock.seed([{ title: 'raw' }]);
  const server = await serveApp(app);
  const stats: RawStats = { requests: 0, statuses: {}, serverErrors: 0, problems: [] };
  try {
    for (const c of [...rawCases(key)]) {
      const reply = await rawRequest(server.port, c.chunks, { idleMs: 1500, end: c.end ?? false });
      stats.requests += 1;
      stats.statuses[reply.status ?? 'none'] = (stats.statuses[reply.status ?? 'none'] ?? 0) + 1;
      if (reply.status !== undefined && reply.status >= 500) stats.serverErrors += 1;
      const problem = rawProblem(c, reply.status, reply.body);
      if (problem !== undefined) stats.problems.push({ label: c.label, problem });
    }
    for (const m of mutations) {
      const reply = await rawRequest(server.port, [mutate(baseRequest(m.base, key), m.mutation)], {
        idleMs: 1500,
        end: true,
      });
      stats.requests += 1;
      stats.statuses[reply.status ?? 'none'] = (stats.statuses[reply.status ?? 'none'] ?? 0) + 1;
      if (reply.status !== undefined && reply.status >= 500) {
        stats.serverErrors += 1;
        stats.problems.push({
          label: `mutated ${m.base} ${JSON.stringify(m.mutation)}`,
          problem: `status ${reply.status}`,
        });
      }
    }
    const health = await fetch(`${server.url}/api/v1/videos/${key}`, {
      headers: { authorization: 'Bearer mock-token' },
    });
    await health.text();
    if (health.status !== 200)
      stats.problems.push({ label: 'health after the raw cases', problem: `status ${health.status}` });
  } finally {
    await server.close();
    if (given === undefined) await app.mock.close();
  }
  return stats;
}
