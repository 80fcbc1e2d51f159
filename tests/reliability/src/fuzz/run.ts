/** Sends fuzz cases to an in-process app and tallies the outcomes. */

import { checkResponse } from './check.js';
import { bodyBytes } from './materialize.js';
import type { FuzzCase, FuzzStats, Outcome } from './types.js';

/** Anything with Hono's `request` (the mock app). */
export interface RequestTarget {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/**
 * Sends one case in-process and checks the response. A rejected request (the app threw) is a crash.
 *
 * @example
 * const outcome = await sendCase(app, { label: 'get', method: 'GET', path: '/api/v1/videos/v-1', headers: {}, body: { kind: 'none' }, expect: 'any' });
 */
export async function sendCase(target: RequestTarget, c: FuzzCase): Promise<Outcome & { crashed: boolean }> {
  let response: Response;
  try {
    const body = bodyBytes(c.body);
    response = await target.request(`http://127.0.0.1${c.path.startsWith('/') ? '' : '/'}${c.path}`, {
      method: c.method,
      headers: c.headers,
      ...(body !== undefined && { body }),
    });
  } catch (error) {
    return { status: 0, problem: `crash: ${(error as Error).stack ?? String(error)}`, crashed: true };
  }
  return { ...(await checkResponse(c, response)), crashed: false };
}

function emptyStats(seed: number): FuzzStats {
  return {
    seed,
    requests: 0,
    statuses: {},
    byLabel: {},
    serverErrors: 0,
    crashes: 0,
    badResponses: 0,
    examples: [],
  };
}

/** Adds one outcome to the tallies. */
function tally(stats: FuzzStats, c: FuzzCase, outcome: Outcome & { crashed: boolean }): void {
  stats.requests += 1;
  stats.statuses[outcome.status] = (stats.statuses[outcome.status] ?? 0) + 1;
  stats.byLabel[c.label] = (stats.byLabel[c.label] ?? 0) + 1;
  if (outcome.crashed) stats.crashes += 1;
  else if (outcome.status >= 500) stats.serverErrors += 1;
  else if (outcome.problem !== undefined) stats.badResponses += 1;
  if (outcome.problem !== undefined && stats.examples.length < 20) {
    const shown = { ...c, path: c.path.slice(0, 200) };
    stats.examples.push({ case: shown, problem: outcome.problem.slice(0, 600) });
  }
}

/** Sends `cases` one after another and returns the tallies. */
export async function runCases(
  target: RequestTarget,
  cases: Iterable<FuzzCase>,
  seed: number,
): Promise<FuzzStats> {
  const stats = emptyStats(seed);
  for (const c of cases) tally(stats, c, await sendCase(target, c));
  return stats;
}
