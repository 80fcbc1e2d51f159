/**
 * 3. Client overhead: GET video through our client against the in-process app, vs plain fetch of
 * the same `app.fetch` (a Request in, JSON out). Same process, no socket: the difference is the
 * client's own work (openapi-fetch, auth, timeouts, typed errors, shape checks).
 */
import { createVideoApiClient } from '@video-api/client';
import { createApp } from '@video-api/mock-server';
import { figure } from '../lib/stats.js';
import type { Benchmark } from '../lib/types.js';
import { AUTH, TOKEN } from '../servers/start.js';

const BASE = 'http://bench.local';
const ROUNDS = 20;

async function timePerCall(calls: number, call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return ((performance.now() - started) * 1000) / calls;
}

export const clientOverhead: Benchmark = {
  name: 'client-overhead',
  title: 'Client overhead (GET through our client vs plain fetch of app.fetch)',
  async run({ quick, runs }) {
    const calls = quick ? 2_000 : 10_000;
    const app = createApp({ tokens: [TOKEN], logLevel: 'silent' });
    try {
      const [key] = app.mock.seed([{ title: 'Overhead', simpleCustomFields: { note: 'bench', views: 1 } }]);
      const url = `${BASE}/api/v1/videos/${key}`;
      const client = createVideoApiClient({
        baseUrl: BASE,
        token: TOKEN,
        fetch: async (request) => app.fetch(request),
      });
      const untimed = createVideoApiClient({
        baseUrl: BASE,
        token: TOKEN,
        timeoutMs: 0,
        fetch: async (request) => app.fetch(request),
      });
      const plain = async () => {
        const response = await app.fetch(new Request(url, { headers: { authorization: AUTH } }));
        if (!response.ok) throw new Error(`plain fetch answered ${response.status}`);
        return response.json();
      };
      // The subject (the client as configured by default) and two layers under it, to show where
      // the time goes: the client without its per-attempt timeout, and openapi-fetch alone.
      const subjects: [name: string, call: () => Promise<unknown>][] = [
        ['client', () => client.getVideo(key as string)],
        ['untimed', () => untimed.getVideo(key as string)],
        [
          'openapi-fetch',
          () =>
            client.raw.GET('/api/v1/videos/{videoKey}', { params: { path: { videoKey: key as string } } }),
        ],
        ['plain', plain],
      ];
      for (const [, call] of subjects) await timePerCall(calls / 2, call);
      // Fine interleaving (blocks of calls/ROUNDS, alternating) so that bursts of other work on
      // the machine fall on all sides alike.
      const perRun = new Map<string, number[]>(subjects.map(([name]) => [name, []]));
      const block = calls / ROUNDS;
      for (let run = 0; run < Math.max(runs, 3); run++) {
        const sums = new Map<string, number>();
        for (let round = 0; round < ROUNDS; round++) {
          for (const [name, call] of subjects)
            sums.set(name, (sums.get(name) ?? 0) + (await timePerCall(block, call)));
        }
        for (const [name] of subjects) perRun.get(name)?.push((sums.get(name) ?? 0) / ROUNDS);
      }
      const runsOf = (name: string) => perRun.get(name) ?? [];
      const plainBaseline = { name: 'plain fetch of app.fetch', runs: runsOf('plain') };
      return {
        setup: `One process: createApp() in memory with one seeded video; ${calls} sequential GETs of each per run, in ${ROUNDS} alternating blocks of ${calls / ROUNDS}, ${Math.max(runs, 3)} runs, after ${calls / 2} warm-up calls of each. Client: \`createVideoApiClient({ fetch: async (req) => app.fetch(req) })\`, \`getVideo(key)\` (default 30 s timeout per attempt); the same with \`timeoutMs: 0\`; openapi-fetch alone: \`client.raw.GET(...)\`; plain: \`app.fetch(new Request(url, { headers }))\` then \`.json()\`.`,
        figures: [
          figure({
            name: 'GET video: time per call, our client vs plain fetch',
            unit: 'µs',
            better: 'lower',
            runs: runsOf('client'),
            baseline: plainBaseline,
            target: { text: 'at most 1.3x plain fetch', on: 'ratio', kind: 'max', bound: 1.3 },
          }),
          figure({
            name: 'GET video: time per call, our client with timeoutMs 0 (no AbortSignal) vs plain fetch',
            unit: 'µs',
            better: 'lower',
            runs: runsOf('untimed'),
            baseline: plainBaseline,
          }),
          figure({
            name: 'GET video: time per call, openapi-fetch alone (client.raw.GET) vs plain fetch',
            unit: 'µs',
            better: 'lower',
            runs: runsOf('openapi-fetch'),
            baseline: plainBaseline,
          }),
        ],
        notes: [],
      };
    } finally {
      await app.mock.close();
    }
  },
};
