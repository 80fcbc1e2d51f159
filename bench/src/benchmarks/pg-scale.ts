/**
 * Scale on PostgreSQL (issue 36, item 9): GET video with 100,000 videos stored against 10, each
 * store a fresh database with the mock's built bin on it (started as users start it), seeded
 * through `POST /__mock/seed`. Per round and store: GETs of random keys sent one after another on
 * one keep-alive connection, timed in µs (p50, p99), and the server's CPU per GET over them (from
 * /proc). Rounds alternate the order until the p25–p75 spread of each targeted ratio is below its
 * distance to the bound.
 */
import { loadavg } from 'node:os';
import { seededRandom } from '@video-api/mock-server/node';
import { SEED_CHUNK, scaleKey, scaleSeed } from '../clients/scale-seed.js';
import { type BenchDatabase, benchDatabase, startMockOnPg } from '../lib/pg-servers.js';
import { pinToLastCore } from '../lib/pin.js';
import { cpuTimeMs, type Started } from '../lib/proc.js';
import { sequentialGets } from '../lib/sequential-gets.js';
import { figure, median, percentile } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { AUTH, TOKEN } from '../servers/start.js';

const SIZES = [10, 100_000] as const;
const BOUND = 1.2;
const count = (n: number) => n.toLocaleString('en-US');

/** One round's figures of a store (µs). */
interface Sample {
  p50: number;
  p99: number;
  cpu: number;
}

interface Store {
  size: number;
  db: BenchDatabase;
  mock: Started;
  seedMs: number;
}

/** A fresh database and the mock on it with `size` videos seeded (the rows counted after). */
async function pgStore(size: number, dbs: BenchDatabase[], mocks: Started[]): Promise<Store> {
  const db = await benchDatabase(`pg_scale_${size}`);
  dbs.push(db);
  const mock = await startMockOnPg(db.url, TOKEN);
  mocks.push(mock);
  const started = performance.now();
  for (let from = 0; from < size; from += SEED_CHUNK) {
    const response = await fetch(`${mock.match}/__mock/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: AUTH },
      body: JSON.stringify({ videos: scaleSeed(from, Math.min(SEED_CHUNK, size - from)) }),
    });
    if (!response.ok) throw new Error(`seeding ${size} videos: ${response.status} ${await response.text()}`);
  }
  const seedMs = performance.now() - started;
  const [row] = await db.sql<{ n: string }[]>`SELECT count(*) AS n FROM mock_videos`;
  if (Number(row?.n) !== size) throw new Error(`${size} videos seeded, ${row?.n ?? 0} rows in PostgreSQL`);
  return { size, db, mock, seedMs };
}

/** `gets` sequential GETs of keys drawn by `next`: their p50/p99 and the server's CPU per GET. */
async function measure(store: Store, gets: number, next: () => number): Promise<Sample> {
  const keys = Array.from({ length: gets }, () => scaleKey(Math.floor(next() * store.size)));
  const before = cpuTimeMs(store.mock.pid) ?? Number.NaN;
  const { p50, p99 } = await sequentialGets(store.mock.match, (i) => `/api/v1/videos/${keys[i]}`, gets, AUTH);
  const cpu = (((cpuTimeMs(store.mock.pid) ?? Number.NaN) - before) * 1000) / gets;
  return { p50, p99, cpu };
}

/** p25–p75 of the per-round ratios and their median's distance to the bound. */
function spreadOf(own: number[], base: number[]) {
  const ratios = own.map((value, i) => value / (base[i] ?? Number.NaN));
  return { spread: percentile(ratios, 75) - percentile(ratios, 25), gap: Math.abs(median(ratios) - BOUND) };
}

export const pgScale: Benchmark = {
  name: 'pg-scale',
  title: 'Scale on PostgreSQL (GET with 10 and 100 000 videos)',
  async run({ quick, runs, log }) {
    const gets = quick ? 1_000 : 5_000;
    const min = Math.max(runs, quick ? 2 : 5);
    const max = quick ? min : 15;
    const dbs: BenchDatabase[] = [];
    const mocks: Started[] = [];
    const stores: Store[] = [];
    const notes: string[] = [];
    const samples = new Map<number, Sample[]>(SIZES.map((size) => [size, []]));
    const loads: number[] = [];
    let rounds = 0;
    try {
      for (const size of SIZES) {
        const store = await pgStore(size, dbs, mocks);
        stores.push(store);
        notes.push(
          `seeding ${count(size)} videos took ${count(Math.round(store.seedMs))} ms (5,000 per call).`,
        );
        log(`  seeded ${count(size)} videos in ${Math.round(store.seedMs)} ms`);
      }
      const pinned = pinToLastCore(mocks.map((mock) => mock.pid));
      if (!pinned.startsWith('pinned')) notes.push(pinned);
      // Every video read once (full runs), so no store is measured cold.
      if (!quick)
        for (const store of stores)
          await sequentialGets(store.mock.match, (i) => `/api/v1/videos/${scaleKey(i)}`, store.size, AUTH);
      const next = seededRandom(7);
      for (const store of stores) await measure(store, gets, next); // warm-up
      while (rounds < max) {
        const order = rounds % 2 === 0 ? stores : [...stores].reverse();
        for (const store of order) samples.get(store.size)?.push(await measure(store, gets, next));
        loads.push(Number((loadavg()[0] ?? 0).toFixed(2)));
        rounds++;
        const line = stores.map((store) => {
          const last = samples.get(store.size)?.at(-1);
          return `${count(store.size)}: cpu ${last?.cpu.toFixed(1)} p50 ${last?.p50.toFixed(0)} p99 ${last?.p99.toFixed(0)}`;
        });
        log(`  round ${rounds} (load ${loads.at(-1)}): ${line.join(' | ')} µs`);
        const settled = (['cpu', 'p50'] as const).every((m) => {
          const { spread, gap } = spreadOf(of(SIZES[1], m), of(SIZES[0], m));
          return spread < gap;
        });
        if (rounds >= min && settled) break;
      }
    } finally {
      for (const mock of mocks) await mock.stop();
      for (const db of dbs) await db.drop();
    }
    function of(size: number, m: keyof Sample) {
      return (samples.get(size) ?? []).map((s) => s[m]);
    }
    const figures: Figure[] = (
      [
        ['cpu', 'server CPU per GET'],
        ['p50', 'GET latency p50'],
        ['p99', 'GET latency p99'],
      ] as const
    ).map(([m, title]) => {
      const { spread, gap } = spreadOf(of(SIZES[1], m), of(SIZES[0], m));
      return figure({
        name: `postgres, HTTP: ${title} (sequential GETs of random keys), ${count(SIZES[1])} vs 10 videos`,
        unit: 'µs',
        better: 'lower',
        runs: of(SIZES[1], m),
        baseline: { name: '10 videos', runs: of(SIZES[0], m) },
        ...(m === 'p99'
          ? {}
          : {
              target: {
                text: `flat: at most ${BOUND}x the 10-video store`,
                on: 'ratio',
                kind: 'max',
                bound: BOUND,
              } as const,
            }),
        note: `load average (1 min) ${Math.min(...loads)}–${Math.max(...loads)} over ${rounds} rounds; spread of the per-round ratios (p25–p75) ${spread.toFixed(3)}, ${spread < gap ? 'below' : 'NOT below'} their distance to the bound (${gap.toFixed(3)})`,
      });
    });
    return {
      setup: `Stores of 10 and 100,000 videos (5 custom fields each, src/clients/scale-seed.ts), each a fresh database on the machine's PostgreSQL (dropped after) with the mock's built bin on it as users start it (--database-url, default flags and log level; only a free port and the bench's token given), seeded through POST /__mock/seed, 5,000 per call, the rows counted after; both mocks pinned to the last core (taskset), PostgreSQL where the OS puts it.${quick ? '' : ' Every video read once first.'} Per round and store (order alternating, after one warm-up round): ${count(gets)} GETs of random keys (seeded) sent one after another on one keep-alive connection from the bench process, each timed in µs (p50, p99; no queueing behind other requests), and the server's CPU per GET over them (user + system, /proc/PID/stat). At least ${min} rounds, at most ${max}, stopping once the p25–p75 spread of the CPU and p50 ratios is below its distance to ${BOUND}.`,
      figures,
      notes,
    };
  },
};
