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
      const viaClient = () => client.getVideo(key as string);
      const plain = async () => {
        const response = await app.fetch(new Request(url, { headers: { authorization: AUTH } }));
        if (!response.ok) throw new Error(`plain fetch answered ${response.status}`);
        return response.json();
      };
      await timePerCall(calls / 2, viaClient);
      await timePerCall(calls / 2, plain);
      // Fine interleaving (blocks of calls/ROUNDS, alternating) so that bursts of other work on
      // the machine fall on both sides alike.
      const clientRuns: number[] = [];
      const plainRuns: number[] = [];
      const block = calls / ROUNDS;
      for (let run = 0; run < Math.max(runs, 3); run++) {
        let clientUs = 0;
        let plainUs = 0;
        for (let round = 0; round < ROUNDS; round++) {
          clientUs += await timePerCall(block, viaClient);
          plainUs += await timePerCall(block, plain);
        }
        clientRuns.push(clientUs / ROUNDS);
        plainRuns.push(plainUs / ROUNDS);
      }
      return {
        setup: `One process: createApp() in memory with one seeded video; ${calls} sequential GETs of each per run, in ${ROUNDS} alternating blocks of ${calls / ROUNDS}, ${Math.max(runs, 3)} runs, after ${calls / 2} warm-up calls of each. Client: \`createVideoApiClient({ fetch: async (req) => app.fetch(req) })\`, \`getVideo(key)\`; plain: \`app.fetch(new Request(url, { headers }))\` then \`.json()\`.`,
        figures: [
          figure({
            name: 'GET video: time per call, our client vs plain fetch',
            unit: 'µs',
            better: 'lower',
            runs: clientRuns,
            baseline: { name: 'plain fetch of app.fetch', runs: plainRuns },
            target: { text: 'at most 1.3x plain fetch', on: 'ratio', kind: 'max', bound: 1.3 },
          }),
        ],
        notes: [],
      };
    } finally {
      await app.mock.close();
    }
  },
};
