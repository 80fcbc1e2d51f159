/**
 * Mock vs bare (issue 28): server CPU time per request of our mock against the bare Hono app (the
 * framework's limit, src/servers/bare-hono.ts) for GET video, PUT custom fields and create. Both in
 * their own processes, pinned to one core, started afresh every round; rounds interleaved with the
 * order alternating, the load average logged beside each figure; more rounds while the spread of
 * the per-round ratios is wider than the gap to the target.
 */
import { loadavg } from 'node:os';
import { lastCore, pinToLastCore } from '../lib/pin.js';
import type { Started } from '../lib/proc.js';
import { loadWithCpu, type Route } from '../lib/server-cpu.js';
import { figure, median } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, startBareHono, startMock } from '../servers/start.js';
import { createVideo, ROUTES } from './throughput.js';

type Side = 'mock' | 'bare';
const CONNECTIONS = 50;
const CREATE: Route = {
  name: 'create',
  method: 'POST',
  path: () => '/api/v1/videos',
  body: JSON.stringify({ projectKey: 'bench', videos: [{ title: 'Throughput' }] }),
};
/** Each route with the most server CPU per request it may cost, as a multiple of the bare app's. */
const TARGETS: [Route, number][] = [...ROUTES, CREATE].map((route) => [
  route,
  route.method === 'GET' ? 1.25 : 1.3,
]);

const load1 = () => Number((loadavg()[0] ?? 0).toFixed(2));

interface Sample {
  /** Server CPU µs per request, and its user and system (kernel) parts. */
  us: number;
  user: number;
  system: number;
  rps: number;
  load: number;
}

/**
 * One load run: server CPU µs per request answered (user and system apart), req/s, and the load
 * average after it. `loadCore` pins the load generator (by default it runs on the other cores).
 */
async function measure(
  server: Started,
  route: Route,
  key: string,
  seconds: number,
  loadCore?: number,
): Promise<Sample> {
  const result = await loadWithCpu(server, route, key, seconds, AUTH, CONNECTIONS, loadCore);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${route.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return {
    us: result.cpuUsPerRequest,
    user: result.userUsPerRequest,
    system: result.systemUsPerRequest,
    rps: result.requestsPerSecond,
    load: load1(),
  };
}

const mean = (a: Sample, b: Sample): Sample => ({
  us: (a.us + b.us) / 2,
  user: (a.user + b.user) / 2,
  system: (a.system + b.system) / 2,
  rps: (a.rps + b.rps) / 2,
  load: b.load,
});

/** Whether the per-round ratios are spread wider than their median's distance from the bound. */
const unsettled = (ratios: number[], bound: number) =>
  (Math.max(...ratios) - Math.min(...ratios)) / 2 >= Math.abs(median(ratios) - bound);

const range = (values: number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;

export const mockVsBare: Benchmark = {
  name: 'mock-vs-bare',
  title: 'Mock vs the bare Hono app: server CPU per request (GET, PUT, create)',
  async run({ quick, runs, log }) {
    const seconds = quick ? 3 : 10;
    const warmupS = quick ? 1 : 3;
    const minRounds = quick ? Math.max(runs, 2) : Math.max(runs, 6);
    const maxRounds = quick ? minRounds : Math.max(minRounds, 12);
    const samples = new Map<string, Sample[]>();
    const ratios = new Map<string, number[]>();
    let pinned = '';
    let rounds = 0;
    const settled = () => TARGETS.every(([route, bound]) => !unsettled(ratios.get(route.name) ?? [], bound));
    while (rounds < minRounds || (rounds < maxRounds && !settled())) {
      const order: Side[] = rounds % 2 === 0 ? ['mock', 'bare'] : ['bare', 'mock'];
      const fresh: Partial<Record<Side, Started>> = {};
      try {
        fresh.mock = await startMock();
        const { key, record } = await createVideo(fresh.mock.match);
        fresh.bare = await startBareHono(record);
        pinned = pinToLastCore([fresh.mock.pid, fresh.bare.pid]);
        for (const [route] of TARGETS) {
          for (const side of order) await measure(fresh[side] as Started, route, key, warmupS);
          // A B B A: each side is measured early and late in the round, so neither gains from its place.
          const slices: Record<Side, Sample[]> = { mock: [], bare: [] };
          for (const side of [...order, ...[...order].reverse()]) {
            const sample = await measure(fresh[side] as Started, route, key, seconds / 2);
            slices[side].push(sample);
            log(
              `  ${route.name} ${side} round ${rounds + 1}: ${sample.us.toFixed(1)} µs CPU per request, ${Math.round(sample.rps)} req/s (load average ${sample.load})`,
            );
          }
          const joined = (side: Side): Sample => mean(...(slices[side] as [Sample, Sample]));
          // Then each once with the load generator on the servers' own core: no wake-up of a peer on
          // another core (an inter-processor interrupt, dear in a VM) is charged to the server.
          const sameCore: Partial<Record<Side, Sample>> = {};
          for (const side of order)
            sameCore[side] = await measure(fresh[side] as Started, route, key, seconds / 2, lastCore());
          for (const side of order) {
            const id = `${route.name}|${side}`;
            samples.set(id, [...(samples.get(id) ?? []), joined(side)]);
            samples.set(`${id}|same-core`, [
              ...(samples.get(`${id}|same-core`) ?? []),
              sameCore[side] as Sample,
            ]);
          }
          const ratio = joined('mock').us / joined('bare').us;
          ratios.set(route.name, [...(ratios.get(route.name) ?? []), ratio]);
          log(`  ${route.name} round ${rounds + 1}: ratio ${ratio.toFixed(2)}x`);
        }
      } finally {
        for (const server of Object.values(fresh)) await server?.stop();
      }
      rounds++;
    }
    const figures: Figure[] = [];
    for (const [route, bound] of TARGETS) {
      const of = (side: Side, layout = '') => samples.get(`${route.name}|${side}${layout}`) ?? [];
      const paired = ratios.get(route.name) ?? [];
      const loads = [...of('mock'), ...of('bare')].map((s) => s.load);
      const spread = `per-round ratios ${range(paired, 2)}${unsettled(paired, bound) ? ' (wider than the gap to the target after the last round)' : ''}; load average ${range(loads, 2)}`;
      figures.push(
        figure({
          name: `${route.name}: server CPU per request, our mock vs bare Hono`,
          unit: 'µs',
          better: 'lower',
          runs: of('mock').map((s) => s.us),
          baseline: { name: 'bare Hono', runs: of('bare').map((s) => s.us) },
          target: { text: `at most ${bound}x the bare app`, on: 'ratio', kind: 'max', bound },
          note: spread,
        }),
        ...(['user', 'system'] as const).map((part) =>
          figure({
            name: `${route.name}: ${part} CPU per request (of the above), our mock vs bare Hono`,
            unit: 'µs',
            better: 'lower',
            runs: of('mock').map((s) => s[part]),
            baseline: { name: 'bare Hono', runs: of('bare').map((s) => s[part]) },
          }),
        ),
        figure({
          name: `${route.name}: server CPU per request with the load generator on the servers' core, our mock vs bare Hono`,
          unit: 'µs',
          better: 'lower',
          runs: of('mock', '|same-core').map((s) => s.us),
          baseline: { name: 'bare Hono', runs: of('bare', '|same-core').map((s) => s.us) },
          note: `system part ${median(of('mock', '|same-core').map((s) => s.system)).toFixed(1)} vs ${median(of('bare', '|same-core').map((s) => s.system)).toFixed(1)} µs`,
        }),
        figure({
          name: `${route.name}: req/s, our mock vs bare Hono`,
          unit: 'req/s',
          better: 'higher',
          runs: of('mock').map((s) => s.rps),
          baseline: { name: 'bare Hono', runs: of('bare').map((s) => s.rps) },
        }),
      );
    }
    return {
      setup: `Our mock through its built CLI (in memory, --log-level silent) and the bare Hono 4 + @hono/node-server app (src/servers/bare-hono.ts: the mock's own GET JSON from a Map; PUT and create parse the body with JSON.parse, look at its shape and answer the same JSON the mock answers, with no schema validation, readings, auth, guards or journal: the framework's limit, not a server a team could use), each in its own process, both ${pinned}. ${rounds} rounds (at least ${minRounds}, more while the spread of the per-round ratios was wider than the gap to a target, at most ${maxRounds}); in each, both start afresh and per route each in turn (which goes first alternating by round) takes a ${warmupS} s warm-up, then each is measured twice for ${seconds / 2} s in the order A B B A (so neither side gains from being measured first or last: measured in turn once, the one measured first in a round read up to 40% cheaper on a busy machine), autocannon 7.15, ${CONNECTIONS} connections; a side's figure of a round is the mean of its two. Then each once more for ${seconds / 2} s with the load generator pinned to the servers' own core (beside the verdict, not instead of it: with the load generator on another core, each answer that finds it asleep pays in the server's writev for waking it, an inter-processor interrupt that exits to the hypervisor in this VM, and a slower server finds it asleep more often). Server CPU time per request: user + system of the server process from /proc/PID/stat over the run, divided by the requests answered; the user and system parts are also given apart. The ratio is the median of the mock's runs over the median of the bare app's; the note gives the per-round ratios and the 1-minute load average seen after each run.`,
      figures,
      notes: [],
    };
  },
};
