/**
 * 5. Scale: GET video latency with 10, 10 000 and 100 000 videos stored, in memory and with a
 * data dir (SQLite), through the in-process app (`app.fetch`), keys drawn at random; and the same
 * for 10 keys read in turn (what a client polling a few videos does), which the mock answers from
 * remembered texts in every size, so that series shows the store's lookup alone.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createApp, seededRandom } from '@video-api/mock-server';
import { TMP_DIR } from '../lib/paths.js';
import { figure, percentile } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, TOKEN } from '../servers/start.js';

const SIZES = [10, 10_000, 100_000];
const CHUNK = 1_000;

interface Seeded {
  size: number;
  seedMs: number;
  /** One GET of a random key, or of the next of the first 10 keys; resolves with its latency in µs. */
  get(hot?: boolean): Promise<number>;
  close(): Promise<void>;
}

async function seeded(store: 'memory' | 'data-dir', size: number, budgetMs: number): Promise<Seeded> {
  mkdirSync(TMP_DIR, { recursive: true });
  const dataDir = store === 'data-dir' ? mkdtempSync(`${TMP_DIR}/scale-`) : undefined;
  const app = createApp({ tokens: [TOKEN], logLevel: 'silent', ...(dataDir ? { dataDir } : {}) });
  const seedStarted = performance.now();
  const keys: string[] = [];
  for (let done = 0; done < size; done += CHUNK) {
    // A store too slow to seed stops at its budget: the figure then names the size reached.
    if (performance.now() - seedStarted > budgetMs) break;
    const count = Math.min(CHUNK, size - done);
    // Keys are given: without them every seeded video asks the store for its next key, which on
    // SQLite is one fsynced transaction per video (see the note this benchmark writes).
    const batch = Array.from({ length: count }, (_, i) => ({
      key: `scale-${String(done + i).padStart(6, '0')}`,
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
  const next = seededRandom(7);
  let turn = 0;
  return {
    size: keys.length,
    seedMs,
    async get(hot = false) {
      const key = (hot ? keys[turn++ % 10] : keys[Math.floor(next() * keys.length)]) as string;
      const started = performance.now();
      const response = await app.fetch(
        new Request(`http://bench.local/api/v1/videos/${key}`, { headers: { authorization: AUTH } }),
      );
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET ${key} answered ${response.status}`);
      return (performance.now() - started) * 1000;
    },
    async close() {
      await app.mock.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Series = Map<number, number[]>;

async function measure(subjects: Seeded[], gets: number, runs: number) {
  for (const subject of subjects) for (let i = 0; i < gets / 2; i++) await subject.get();
  const p50: Series = new Map();
  const p99: Series = new Map();
  const hotP50: Series = new Map();
  const add = (series: Series, size: number, value: number) =>
    series.set(size, [...(series.get(size) ?? []), value]);
  for (let run = 0; run < runs; run++) {
    for (const subject of subjects) {
      const latencies: number[] = [];
      for (let i = 0; i < gets; i++) latencies.push(await subject.get());
      add(p50, subject.size, percentile(latencies, 50));
      add(p99, subject.size, percentile(latencies, 99));
      const hot: number[] = [];
      for (let i = 0; i < gets / 2; i++) hot.push(await subject.get(true));
      add(hotP50, subject.size, percentile(hot, 50));
    }
  }
  return { p50, p99, hotP50 };
}

/** Milliseconds to seed `count` videos without keys (the store generates them). */
async function seedWithGeneratedKeys(store: 'memory' | 'data-dir', count: number): Promise<number> {
  mkdirSync(TMP_DIR, { recursive: true });
  const dataDir = store === 'data-dir' ? mkdtempSync(`${TMP_DIR}/scale-`) : undefined;
  const app = createApp({ tokens: [TOKEN], logLevel: 'silent', ...(dataDir ? { dataDir } : {}) });
  try {
    const started = performance.now();
    app.mock.seed(Array.from({ length: count }, (_, i) => ({ title: `Video ${i}` })));
    return performance.now() - started;
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
    const budgetMs = quick ? 30_000 : 180_000;
    const figures: Figure[] = [];
    const notes: string[] = [];
    for (const store of ['memory', 'data-dir'] as const) {
      const generated = await seedWithGeneratedKeys(store, 1_000);
      notes.push(
        `${store}: seeding 1,000 videos without keys (the store generates each key) took ${Math.round(generated).toLocaleString('en-US')} ms.`,
      );
      const subjects: Seeded[] = [];
      try {
        for (const size of SIZES) {
          const subject = await seeded(store, size, budgetMs);
          if (subjects.some((other) => other.size === subject.size)) {
            await subject.close(); // the budget ran out at a size already measured
          } else subjects.push(subject);
          log(`  ${store}: seeded ${subject.size} videos in ${Math.round(subject.seedMs)} ms`);
          notes.push(
            subject.size < size
              ? `${store}: seeding ${size.toLocaleString('en-US')} videos did not finish within its ${budgetMs / 1000} s budget: ${subject.size.toLocaleString('en-US')} stored after ${Math.round(subject.seedMs).toLocaleString('en-US')} ms, so that size is measured instead.`
              : `${store}: seeding ${size.toLocaleString('en-US')} videos (app.mock.seed, ${CHUNK} per call) took ${Math.round(subject.seedMs).toLocaleString('en-US')} ms.`,
          );
        }
        const { p50, p99, hotP50 } = await measure(subjects, gets, count);
        for (const { size } of subjects)
          log(
            `  ${store} ${size} videos: GET p50 ${(p50.get(size) ?? []).map((v) => v.toFixed(0)).join('/')} µs`,
          );
        const [base, ...larger] = subjects.map((subject) => subject.size) as [number, ...number[]];
        for (const size of larger) {
          for (const [label, map] of [
            ['p50', p50],
            ['p99', p99],
            ['p50 of 10 keys read in turn', hotP50],
          ] as const) {
            figures.push(
              figure({
                name: `${store}: GET latency ${label}, ${size.toLocaleString('en-US')} vs 10 videos`,
                unit: 'µs',
                better: 'lower',
                runs: map.get(size) ?? [],
                baseline: { name: '10 videos', runs: map.get(base) ?? [] },
                ...(label === 'p50'
                  ? { target: { text: 'flat: at most 1.5x', on: 'ratio', kind: 'max', bound: 1.5 } as const }
                  : {}),
              }),
            );
          }
        }
      } finally {
        for (const subject of subjects) await subject.close();
      }
    }
    return {
      setup: `In-process createApp() (no socket), in memory and with \`dataDir\` (the CLI's --data-dir: SQLite), seeded through app.mock.seed; ${gets} sequential GETs of random keys per run (deterministic), then ${gets / 2} of the first 10 keys in turn, ${count} runs after ${gets / 2} warm-up GETs of each, the three sizes interleaved in each run; p50/p99 per run, medians over runs. "Flat" is read as a p50 at most 1.5x the 10-video p50. Seeding has a budget of ${budgetMs / 1000} s per store and size; a store that does not reach the size in time is measured at the size it reached.`,
      figures,
      notes,
    };
  },
};
