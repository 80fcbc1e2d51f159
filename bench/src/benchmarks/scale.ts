/**
 * 5. Scale: GET video latency with 10, 10 000 and 100 000 videos stored, in memory and with a
 * data dir (SQLite), through the in-process app (`app.fetch`), keys drawn at random.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createApp } from '@video-api/mock-server';
import { TMP_DIR } from '../lib/paths.js';
import { figure, percentile } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, TOKEN } from '../servers/start.js';

const SIZES = [10, 10_000, 100_000];
const CHUNK = 1_000;

/** A small deterministic generator (mulberry32), so every run reads the same keys. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function measure(store: 'memory' | 'data-dir', size: number, gets: number, runs: number) {
  const dataDir = store === 'data-dir' ? mkdtempSync(`${TMP_DIR}/scale-`) : undefined;
  const app = createApp({ tokens: [TOKEN], logLevel: 'silent', ...(dataDir ? { dataDir } : {}) });
  try {
    const seedStarted = performance.now();
    const keys: string[] = [];
    for (let done = 0; done < size; done += CHUNK) {
      const count = Math.min(CHUNK, size - done);
      const batch = Array.from({ length: count }, (_, i) => ({
        title: `Video ${done + i}`,
        simpleCustomFields: {
          note: 'scale',
          views: done + i,
          featured: (done + i) % 2 === 0,
          topics: ['a', 'b'],
        },
      }));
      keys.push(...app.mock.seed(batch));
    }
    const seedMs = performance.now() - seedStarted;
    const next = random(7);
    const get = async () => {
      const key = keys[Math.floor(next() * keys.length)] as string;
      const started = performance.now();
      const response = await app.fetch(
        new Request(`http://bench.local/api/v1/videos/${key}`, { headers: { authorization: AUTH } }),
      );
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${key} answered ${response.status}`);
      return (performance.now() - started) * 1000;
    };
    for (let i = 0; i < gets / 4; i++) await get();
    const p50: number[] = [];
    const p99: number[] = [];
    for (let run = 0; run < runs; run++) {
      const latencies: number[] = [];
      for (let i = 0; i < gets; i++) latencies.push(await get());
      p50.push(percentile(latencies, 50));
      p99.push(percentile(latencies, 99));
    }
    return { p50, p99, seedMs };
  } finally {
    await app.mock.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export const scale: Benchmark = {
  name: 'scale',
  title: 'Scale (GET latency with 10, 10 000 and 100 000 videos)',
  async run({ quick, runs, log }) {
    const gets = quick ? 1_000 : 5_000;
    const count = Math.max(runs, 3);
    const figures: Figure[] = [];
    const notes: string[] = [];
    for (const store of ['memory', 'data-dir'] as const) {
      const results = new Map<number, Awaited<ReturnType<typeof measure>>>();
      for (const size of SIZES) {
        const result = await measure(store, size, gets, count);
        results.set(size, result);
        log(
          `  ${store} ${size} videos: seeded in ${Math.round(result.seedMs)} ms, GET p50 ${result.p50.map((v) => v.toFixed(0)).join('/')} µs`,
        );
        notes.push(
          `${store}: seeding ${size.toLocaleString('en-US')} videos (app.mock.seed, ${CHUNK} per call) took ${Math.round(result.seedMs).toLocaleString('en-US')} ms.`,
        );
      }
      const base = results.get(SIZES[0] as number);
      for (const size of SIZES.slice(1)) {
        const result = results.get(size);
        if (!base || !result) continue;
        for (const [label, pick] of [
          ['p50', (r: typeof result) => r.p50],
          ['p99', (r: typeof result) => r.p99],
        ] as const) {
          figures.push(
            figure({
              name: `${store}: GET latency ${label}, ${size.toLocaleString('en-US')} vs 10 videos`,
              unit: 'µs',
              better: 'lower',
              runs: pick(result),
              baseline: { name: '10 videos', runs: pick(base) },
              ...(label === 'p50'
                ? { target: { text: 'flat: at most 1.5x', on: 'ratio', kind: 'max', bound: 1.5 } as const }
                : {}),
            }),
          );
        }
      }
    }
    return {
      setup: `In-process createApp() (no socket), in memory and with \`dataDir\` (the CLI's --data-dir: SQLite), seeded through app.mock.seed; ${gets} sequential GETs of random keys per run (deterministic), ${count} runs after ${gets / 4} warm-up GETs; p50/p99 per run, medians over runs. "Flat" is read as a p50 at most 1.5x the 10-video p50.`,
      figures,
      notes,
    };
  },
};
