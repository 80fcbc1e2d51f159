/**
 * 1. Mock throughput: GET video and PUT custom fields under load (autocannon, 50 connections)
 * against our mock, Prism's mock of the same spec, and a bare Hono app returning the same JSON from
 * a Map (the framework's limit). Each server and autocannon run in their own processes.
 */
import type { LoadResult } from '../lib/autocannon.js';
import type { Started } from '../lib/proc.js';
import { loadWithCpu, type Route } from '../lib/server-cpu.js';
import { figure } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, startBareHono, startMock, startPrism } from '../servers/start.js';

const CONNECTIONS = 50;
const PUT_BODY = JSON.stringify({ simpleCustomFields: { note: 'bench', views: 1, featured: true } });

export type { Route };

export const ROUTES: Route[] = [
  { name: 'GET video', method: 'GET', path: (key) => `/api/v1/videos/${key}` },
  {
    name: 'PUT custom fields',
    method: 'PUT',
    path: (key) => `/api/v1/videos/${key}/custom-fields`,
    body: PUT_BODY,
  },
];

type Subject = 'mock' | 'prism' | 'bare';
const LABEL: Record<Subject, string> = { mock: 'our mock', prism: 'Prism 5.16', bare: 'bare Hono' };

export async function createVideo(base: string): Promise<{ key: string; record: unknown }> {
  const created = await fetch(`${base}/api/v1/videos`, {
    method: 'POST',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'bench', videos: [{ title: 'Throughput' }] }),
  });
  const [video] = (await created.json()) as { key: string }[];
  if (!video) throw new Error(`create answered ${created.status} without a video`);
  await fetch(`${base}/api/v1/videos/${video.key}/custom-fields`, {
    method: 'PUT',
    headers: { authorization: AUTH, 'content-type': 'application/json' },
    body: PUT_BODY,
  });
  const got = await fetch(`${base}/api/v1/videos/${video.key}`, { headers: { authorization: AUTH } });
  return { key: video.key, record: await got.json() };
}

export const throughput: Benchmark = {
  name: 'throughput',
  title: 'Mock throughput (GET video, PUT custom fields)',
  async run({ quick, runs, log }) {
    const durationS = quick ? 3 : 10;
    const warmupS = quick ? 1 : 3;
    const servers: Partial<Record<Subject, Started>> = {};
    const notes: string[] = [];
    try {
      servers.mock = await startMock();
      const { key, record } = await createVideo(servers.mock.match);
      servers.bare = await startBareHono(record);
      servers.prism = await startPrism();
      const subjects: Subject[] = ['mock', 'prism', 'bare'];
      type Measured = LoadResult & { cpuUsPerRequest: number };
      const results = new Map<string, Measured[]>();
      const once = (route: Route, subject: Subject, seconds: number): Promise<Measured> =>
        loadWithCpu(servers[subject] as Started, route, key, seconds, AUTH, CONNECTIONS);
      // Throughput swings with other work on a shared machine: at least 5 interleaved runs.
      const runsOfRoute = quick ? runs : Math.max(runs, 5);
      for (const route of ROUTES) {
        for (const subject of subjects) await once(route, subject, warmupS);
        for (let run = 0; run < runsOfRoute; run++) {
          for (const subject of subjects) {
            const result = await once(route, subject, durationS);
            log(
              `  ${route.name} ${LABEL[subject]} run ${run + 1}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.cpuUsPerRequest.toFixed(1)} µs CPU per request, non-2xx ${result.non2xx}`,
            );
            const list = results.get(`${route.name}|${subject}`) ?? [];
            list.push(result);
            results.set(`${route.name}|${subject}`, list);
            if (result.non2xx > 0 || result.errors > 0) {
              notes.push(
                `${route.name} on ${LABEL[subject]}, run ${run + 1}: ${result.non2xx} non-2xx answers and ${result.errors} errors of ${result.total}.`,
              );
            }
          }
        }
      }
      const figures: Figure[] = [];
      for (const route of ROUTES) {
        const of = (subject: Subject, pick: (r: Measured) => number) =>
          (results.get(`${route.name}|${subject}`) ?? []).map(pick);
        const rps = (r: LoadResult) => r.requestsPerSecond;
        figures.push(
          figure({
            name: `${route.name}: req/s, our mock vs Prism`,
            unit: 'req/s',
            better: 'higher',
            runs: of('mock', rps),
            baseline: { name: LABEL.prism, runs: of('prism', rps) },
            target: { text: 'at least 12x Prism', on: 'ratio', kind: 'min', bound: 12 },
          }),
          figure({
            name: `${route.name}: req/s, our mock vs bare Hono`,
            unit: 'req/s',
            better: 'higher',
            runs: of('mock', rps),
            baseline: { name: LABEL.bare, runs: of('bare', rps) },
            target: { text: 'at least 0.7x the bare app', on: 'ratio', kind: 'min', bound: 0.7 },
          }),
        );
        figures.push(
          figure({
            name: `${route.name}: server CPU time per request, our mock vs bare Hono`,
            unit: 'µs',
            better: 'lower',
            runs: of('mock', (r) => r.cpuUsPerRequest),
            baseline: { name: LABEL.bare, runs: of('bare', (r) => r.cpuUsPerRequest) },
          }),
        );
        for (const [label, pick] of [
          ['p50', (r: LoadResult) => r.p50Ms],
          ['p99', (r: LoadResult) => r.p99Ms],
        ] as const) {
          for (const baseline of ['prism', 'bare'] as const) {
            figures.push(
              figure({
                name: `${route.name}: latency ${label}, our mock vs ${LABEL[baseline]}`,
                unit: 'ms',
                better: 'lower',
                runs: of('mock', pick),
                baseline: { name: LABEL[baseline], runs: of(baseline, pick) },
              }),
            );
          }
        }
      }
      return {
        setup: `autocannon 7.15 CLI in its own process, ${CONNECTIONS} connections, ${durationS} s per run after a ${warmupS} s warm-up per server and route, ${quick ? runs : Math.max(runs, 5)} run(s) each, subjects interleaved; our mock through its CLI (in memory, --log-level silent), Prism 5.16 \`prism mock spec/openapi.yaml -v error\` (static examples), bare Hono 4 + @hono/node-server serving the mock's own GET JSON from a Map. Each server in its own process; all bound to 127.0.0.1. Load generator and server share the machine's cores. Server CPU time per request: user + system time of the server process (all its threads, from /proc/PID/stat) over the run, divided by the requests answered; time stolen by the hypervisor is not in it, so it is steadier than req/s on a shared machine.`,
        figures,
        notes,
      };
    } finally {
      for (const server of Object.values(servers)) await server?.stop();
    }
  },
};
