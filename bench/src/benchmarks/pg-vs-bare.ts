/**
 * Mock on PostgreSQL vs the bare Hono + postgres.js app (issue 36, item 9): server CPU time per
 * request for GET video and PUT custom fields, both servers on one fresh database the mock
 * migrated, each in its own process pinned to one core and started afresh every round; per route
 * a warm-up, then slices in the order A B B A, rounds interleaved with the order alternating, more
 * while the per-round ratios spread wider than the gap to the target. Beside it: the database
 * backends' CPU per request, and the statements and round trips a GET and a PUT make (a relay
 * reading the wire protocol).
 */
import { loadavg } from 'node:os';
import { tripsPerRequest } from '../lib/pg-round-trips.js';
import {
  APPLICATION,
  backendCpuDeltaMs,
  backendCpuMs,
  benchDatabase,
  startBarePg,
  startMockOnPg,
} from '../lib/pg-servers.js';
import { pinToLastCore } from '../lib/pin.js';
import type { Started } from '../lib/proc.js';
import { loadWithCpu, type Route } from '../lib/server-cpu.js';
import { figure, median } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, TOKEN } from '../servers/start.js';
import { createVideo, ROUTES } from './throughput.js';

type Side = 'mock' | 'bare';
const CONNECTIONS = 50;
/** Most server CPU per request, as a multiple of the bare app's (issue 36: 1.3x for both). */
const BOUND = 1.3;
const LABEL = 'bare Hono + postgres.js';

interface Sample {
  /** Server CPU µs per request; the database backends' µs per request; req/s; load average after. */
  us: number;
  dbUs: number;
  rps: number;
  load: number;
}

const range = (values: number[], digits = 2) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
const unsettled = (ratios: number[]) =>
  (Math.max(...ratios) - Math.min(...ratios)) / 2 >= Math.abs(median(ratios) - BOUND);

/** One load run of `route` on `server` with its backends' CPU read around it. */
async function measure(
  server: Started,
  side: Side,
  route: Route,
  key: string,
  seconds: number,
  sql: Parameters<typeof backendCpuMs>[0],
): Promise<Sample> {
  const before = await backendCpuMs(sql, APPLICATION[side]);
  const result = await loadWithCpu(server, route, key, seconds, AUTH, CONNECTIONS);
  const dbMs = backendCpuDeltaMs(before, await backendCpuMs(sql, APPLICATION[side]));
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${route.name} (${side}): ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const load = Number((loadavg()[0] ?? 0).toFixed(2));
  const dbUs = (dbMs * 1000) / Math.max(1, result.total);
  return { us: result.cpuUsPerRequest, dbUs, rps: result.requestsPerSecond, load };
}

const mean = (a: Sample, b: Sample): Sample => ({
  us: (a.us + b.us) / 2,
  dbUs: (a.dbUs + b.dbUs) / 2,
  rps: (a.rps + b.rps) / 2,
  load: b.load,
});

export const pgVsBare: Benchmark = {
  name: 'pg-vs-bare',
  title: 'Mock on PostgreSQL vs bare Hono + postgres.js: server CPU per request (GET, PUT), round trips',
  async run({ quick, runs, log }) {
    const seconds = quick ? 3 : 10;
    const warmupS = quick ? 1 : 3;
    const minRounds = quick ? Math.max(runs, 2) : Math.max(runs, 6);
    const maxRounds = quick ? minRounds : Math.max(minRounds, 12);
    const db = await benchDatabase('pg_vs_bare');
    const samples = new Map<string, Sample[]>();
    const ratios = new Map<string, number[]>();
    const figures: Figure[] = [];
    const notes: string[] = [];
    let pinned = '';
    let rounds = 0;
    try {
      let key = '';
      const settled = () => ROUTES.every((route) => !unsettled(ratios.get(route.name) ?? []));
      while (rounds < minRounds || (rounds < maxRounds && !settled())) {
        const order: Side[] = rounds % 2 === 0 ? ['mock', 'bare'] : ['bare', 'mock'];
        const fresh: Partial<Record<Side, Started>> = {};
        try {
          fresh.mock = await startMockOnPg(db.url, TOKEN);
          if (!key) key = (await createVideo(fresh.mock.match)).key;
          fresh.bare = await startBarePg(db.url);
          pinned = pinToLastCore([fresh.mock.pid, fresh.bare.pid]);
          for (const route of ROUTES) {
            const once = (side: Side, s: number) =>
              measure(fresh[side] as Started, side, route, key, s, db.sql);
            for (const side of order) await once(side, warmupS);
            const slices: Record<Side, Sample[]> = { mock: [], bare: [] };
            for (const side of [...order, ...[...order].reverse()]) {
              const sample = await once(side, seconds / 2);
              slices[side].push(sample);
              log(
                `  ${route.name} ${side} round ${rounds + 1}: ${sample.us.toFixed(1)} µs CPU per request (database ${sample.dbUs.toFixed(1)} µs), ${Math.round(sample.rps)} req/s (load average ${sample.load})`,
              );
            }
            for (const side of order) {
              const id = `${route.name}|${side}`;
              samples.set(id, [...(samples.get(id) ?? []), mean(...(slices[side] as [Sample, Sample]))]);
            }
            const ratio =
              (samples.get(`${route.name}|mock`)?.at(-1)?.us ?? Number.NaN) /
              (samples.get(`${route.name}|bare`)?.at(-1)?.us ?? Number.NaN);
            ratios.set(route.name, [...(ratios.get(route.name) ?? []), ratio]);
            log(`  ${route.name} round ${rounds + 1}: ratio ${ratio.toFixed(2)}x`);
          }
        } finally {
          for (const server of Object.values(fresh)) await server?.stop();
        }
        rounds++;
      }
      for (const route of ROUTES) {
        const of = (side: Side) => samples.get(`${route.name}|${side}`) ?? [];
        const paired = ratios.get(route.name) ?? [];
        const loads = [...of('mock'), ...of('bare')].map((s) => s.load);
        figures.push(
          figure({
            name: `${route.name}: server CPU per request on PostgreSQL, our mock vs ${LABEL}`,
            unit: 'µs',
            better: 'lower',
            runs: of('mock').map((s) => s.us),
            baseline: { name: LABEL, runs: of('bare').map((s) => s.us) },
            target: { text: `at most ${BOUND}x the bare app`, on: 'ratio', kind: 'max', bound: BOUND },
            note: `per-round ratios ${range(paired)}${unsettled(paired) ? ' (wider than the gap to the target after the last round)' : ''}; load average ${range(loads)}`,
          }),
          figure({
            name: `${route.name}: database backends' CPU per request, our mock vs ${LABEL}`,
            unit: 'µs',
            better: 'lower',
            runs: of('mock').map((s) => s.dbUs),
            baseline: { name: LABEL, runs: of('bare').map((s) => s.dbUs) },
          }),
          figure({
            name: `${route.name}: req/s on PostgreSQL, our mock vs ${LABEL}`,
            unit: 'req/s',
            better: 'higher',
            runs: of('mock').map((s) => s.rps),
            baseline: { name: LABEL, runs: of('bare').map((s) => s.rps) },
          }),
        );
      }
      figures.push(...(await roundTripFigures(db.url, key, notes)));
    } finally {
      await db.drop();
    }
    return {
      setup: `A fresh database on the machine's PostgreSQL (dropped after), migrated by the mock's first start; one video created through the mock's API and given its custom fields, then read and updated by both servers. Our mock through its built CLI as users start it (\`--database-url\`, default flags and log level \`info\`, i.e. one log line per request to stderr, which the bench drains; only a free port and the bench's token given) against the bare Hono 4 + @hono/node-server + postgres.js 3.4.9 app (src/servers/bare-hono-pg.ts: the mock's own SELECT, and for PUT its transaction BEGIN; SELECT … FOR UPDATE; UPDATE; COMMIT, the body's simpleCustomFields merged; the mock's pool size and timeouts; no auth, validation, readings or journal: the framework-plus-driver limit). Each server in its own process, both ${pinned}; PostgreSQL's backends run where the OS puts them. ${rounds} rounds (at least ${minRounds}, more while the per-round ratios spread wider than the gap to ${BOUND}x, at most ${maxRounds}); in each both start afresh and per route each takes a ${warmupS} s warm-up, then is measured twice for ${seconds / 2} s in the order A B B A (which side goes first alternating by round), autocannon 7.15, ${CONNECTIONS} connections; a side's figure of a round is the mean of its two slices. Server CPU per request: user + system of the server process (/proc/PID/stat) over the run, divided by the requests answered. Database CPU per request: the same for the PostgreSQL backends whose application_name is the server's (pg_stat_activity, then /proc). Round trips: each server alone behind a relay that reads the wire protocol (src/lib/pg-round-trips.ts), 20 requests to warm up, then 200 sent one after another; a statement is a Sync or a simple Query, a round trip a statement sent while none of the connection's was awaiting its ReadyForQuery.`,
      figures,
      notes,
    };
  },
};

/** Statements and round trips per GET and per PUT, for each server (reported, no target: the issue asks one per GET). */
async function roundTripFigures(databaseUrl: string, key: string, notes: string[]): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const route of ROUTES) {
    const send = (base: string) =>
      fetch(`${base}${route.path(key)}`, {
        method: route.method,
        headers: { authorization: AUTH, ...(route.body ? { 'content-type': 'application/json' } : {}) },
        ...(route.body ? { body: route.body } : {}),
      });
    const mock = await tripsPerRequest(databaseUrl, (url) => startMockOnPg(url, TOKEN), send);
    const bare = await tripsPerRequest(databaseUrl, startBarePg, send);
    const listed = (counts: typeof mock) =>
      Object.entries(counts.byText)
        .map(([text, n]) => `${n.toFixed(2)} × \`${text.length > 160 ? `${text.slice(0, 160)}…` : text}\``)
        .join('; ');
    notes.push(
      `${route.name}: statements per request, our mock: ${listed(mock)}. The bare app: ${listed(bare)}.`,
    );
    for (const what of ['roundTrips', 'statements'] as const)
      figures.push(
        figure({
          name: `${route.name}: ${what === 'roundTrips' ? 'round trips' : 'statements'} to PostgreSQL per request, our mock vs ${LABEL}`,
          unit: what === 'roundTrips' ? 'round trips' : 'statements',
          better: 'lower',
          runs: [mock[what]],
          baseline: { name: LABEL, runs: [bare[what]] },
          ...(route.method === 'GET' && what === 'roundTrips'
            ? {
                target: { text: 'a GET is one round trip', on: 'value', kind: 'max', bound: 1 } as const,
              }
            : {}),
        }),
      );
  }
  return figures;
}
