/**
 * Latency at a fixed rate on PostgreSQL (issue 36, item 9): GET video at 500 requests per second
 * (autocannon's --overallRate, so the rate holds whatever the answers' speed) against the mock's
 * built CLI on a fresh database, and against the bare Hono + postgres.js app beside it on the same
 * database; runs interleaved with the order alternating; p99 (and p50, p90, the worst) per run.
 */
import { loadavg } from 'node:os';
import { fixedRate } from '../lib/fixed-rate.js';
import { benchDatabase, startBarePg, startMockOnPg } from '../lib/pg-servers.js';
import { lastCore, pinToLastCore } from '../lib/pin.js';
import type { Started } from '../lib/proc.js';
import { figure } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, TOKEN } from '../servers/start.js';
import { createVideo, ROUTES } from './throughput.js';

type Side = 'mock' | 'bare';
const RATE = 500;
const CONNECTIONS = 10;
const LABEL = 'bare Hono + postgres.js';
const GET = ROUTES[0] as (typeof ROUTES)[number];

export const pgLatency: Benchmark = {
  name: 'pg-latency',
  title: `GET latency on PostgreSQL at a fixed ${RATE} req/s: our mock and the bare app`,
  async run({ quick, runs, log }) {
    const seconds = quick ? 4 : 20;
    const warmupS = quick ? 1 : 5;
    const rounds = quick ? Math.max(runs, 1) : Math.max(runs, 5);
    // The load generator off the servers' core where there is another.
    const cores = lastCore() > 0 ? `0-${lastCore() - 1}` : undefined;
    const db = await benchDatabase('pg_latency');
    const results = new Map<Side, Awaited<ReturnType<typeof fixedRate>>[]>([
      ['mock', []],
      ['bare', []],
    ]);
    const notes: string[] = [];
    const loads: number[] = [];
    let pinned = '';
    const servers: Partial<Record<Side, Started>> = {};
    try {
      servers.mock = await startMockOnPg(db.url, TOKEN);
      const { key } = await createVideo(servers.mock.match);
      servers.bare = await startBarePg(db.url);
      pinned = pinToLastCore([servers.mock.pid, servers.bare.pid]);
      const run = (side: Side, s: number) =>
        fixedRate({
          url: `${(servers[side] as Started).match}${GET.path(key)}`,
          rate: RATE,
          connections: CONNECTIONS,
          seconds: s,
          headers: { authorization: AUTH },
          ...(cores ? { cores } : {}),
        });
      for (const side of ['mock', 'bare'] as const) await run(side, warmupS);
      for (let round = 0; round < rounds; round++) {
        const order: Side[] = round % 2 === 0 ? ['mock', 'bare'] : ['bare', 'mock'];
        for (const side of order) {
          const result = await run(side, seconds);
          results.get(side)?.push(result);
          loads.push(Number((loadavg()[0] ?? 0).toFixed(2)));
          log(
            `  ${side} round ${round + 1}: p50 ${result.p50Ms} ms, p90 ${result.p90Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, ${Math.round(result.requestsPerSecond)} req/s (load average ${loads.at(-1)})`,
          );
          if (result.non2xx > 0 || result.errors > 0)
            notes.push(
              `${side} round ${round + 1}: ${result.non2xx} non-2xx answers, ${result.errors} errors.`,
            );
        }
      }
    } finally {
      for (const server of Object.values(servers)) await server?.stop();
      await db.drop();
    }
    const of = (side: Side) => results.get(side) ?? [];
    const loadNote = `load average (1 min) ${Math.min(...loads)}–${Math.max(...loads)}`;
    const figures: Figure[] = (
      [
        ['p99Ms', 'p99'],
        ['p50Ms', 'p50'],
        ['p90Ms', 'p90'],
        ['maxMs', 'worst'],
        ['requestsPerSecond', 'rate answered'],
      ] as const
    ).map(([field, title]) =>
      figure({
        name: `GET video at ${RATE} req/s on PostgreSQL: ${title}, our mock vs ${LABEL}`,
        unit: field === 'requestsPerSecond' ? 'req/s' : 'ms',
        better: field === 'requestsPerSecond' ? 'higher' : 'lower',
        runs: of('mock').map((r) => r[field]),
        baseline: { name: LABEL, runs: of('bare').map((r) => r[field]) },
        ...(field === 'p99Ms' ? { note: loadNote } : {}),
      }),
    );
    return {
      setup: `A fresh database on the machine's PostgreSQL (dropped after), one video created through the mock's API. Our mock through its built CLI as users start it (--database-url, default flags and log level) and the bare Hono + postgres.js app (src/servers/bare-hono-pg.ts) on the same database, each in its own process, both ${pinned}; autocannon 7.15 (its CLI, its own process${cores ? `, pinned to cores ${cores}` : ''}) sending GET video at a fixed ${RATE} req/s overall (-R) over ${CONNECTIONS} connections, ${seconds} s per run after a ${warmupS} s warm-up of each; ${rounds} rounds, the order alternating. Latencies are autocannon's (whole milliseconds); the value is the median over the rounds, every run listed.`,
      figures,
      notes,
    };
  },
};
