/**
 * 5. Scale (issue 28, item 3): GET video with 10, 10 000 and 100 000 videos stored, in memory and
 * with a data dir (SQLite). In-process: p50/p99 of GETs of random keys and CPU per GET, each store
 * in its own worker process. Over HTTP: the mock's built bin per store, server CPU per request
 * under autocannon GETs of random keys. The 10-video store is the baseline, interleaved in every
 * round; rounds repeat until the spread of the ratios is below their distance to the bound. Also
 * RSS and heap per 1 000 videos (worker after a full GC) and seeding time.
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { MOCK_CLI, TMP_DIR } from '../lib/paths.js';
import { pinToLastCore } from '../lib/pin.js';
import { figure, median, percentile } from '../lib/stats.js';
import type { BenchContext, Benchmark, Figure } from '../lib/types.js';
import { httpSubject, type Sample, type Store, type Subject, workerSubject } from './scale-subjects.js';

const SIZES = [10, 10_000, 100_000] as const;
const FLAT = { text: 'flat: at most 1.2x the 10-video store', on: 'ratio', kind: 'max', bound: 1.2 } as const;
const METRICS = [
  ['p50', 'GET latency p50', 'µs'],
  ['p99', 'GET latency p99', 'µs'],
  ['cpu', 'CPU per GET', 'µs'],
] as const;
type Metric = (typeof METRICS)[number][0];
/** The metrics held to FLAT (p99 is reported: on a shared machine it is the scheduler's). */
const TARGETED: readonly Metric[] = ['p50', 'cpu'];

const oneMinuteLoad = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;
const count = (n: number) => n.toLocaleString('en-US');

interface Rounds {
  samples: Map<number, Sample[]>;
  loads: number[];
  /** Per targeted figure: the spread of its per-round ratios and the gap to the bound. */
  spreads: Map<string, { spread: number; gap: number }>;
}

/** p25–p75 of the per-round ratios of `metric` of `size` against the base, and their median's distance to the bound. */
function spreadOf(samples: Map<number, Sample[]>, base: number, size: number, metric: Metric) {
  const own = samples.get(size) ?? [];
  const ratios = own.map(
    (sample, i) => sample[metric] / ((samples.get(base) ?? [])[i]?.[metric] ?? Number.NaN),
  );
  return {
    spread: percentile(ratios, 75) - percentile(ratios, 25),
    gap: Math.abs(median(ratios) - FLAT.bound),
  };
}

/** Rounds over every subject (order alternating), at least `min`, until each spread is below its gap or `max`. */
async function rounds(
  subjects: Subject[],
  min: number,
  max: number,
  label: string,
  log: (line: string) => void,
): Promise<Rounds> {
  const samples = new Map<number, Sample[]>(subjects.map((subject) => [subject.size, []]));
  const loads: number[] = [];
  const spreads = new Map<string, { spread: number; gap: number }>();
  const base = subjects[0]?.size ?? 10;
  for (let round = 0; round < max; round++) {
    const order = round % 2 === 0 ? subjects : [...subjects].reverse();
    for (const subject of order) samples.get(subject.size)?.push(await subject.round());
    loads.push(oneMinuteLoad());
    const line = subjects.map((s) => {
      const last = samples.get(s.size)?.at(-1);
      const p50 = Number.isFinite(last?.p50) ? `p50 ${last?.p50.toFixed(1)} ` : '';
      return `${count(s.size)}: ${p50}cpu ${last?.cpu.toFixed(1)}`;
    });
    log(`  ${label} round ${round + 1} (load ${loads.at(-1)}): ${line.join(' | ')} µs`);
    for (const subject of subjects.slice(1))
      for (const metric of TARGETED.filter((m) => Number.isFinite(samples.get(subject.size)?.at(-1)?.[m])))
        spreads.set(`${subject.size}|${metric}`, spreadOf(samples, base, subject.size, metric));
    if (round + 1 >= min && [...spreads.values()].every(({ spread, gap }) => spread < gap)) break;
  }
  return { samples, loads, spreads };
}

/** The figures of one series (in-process or HTTP) of one store. */
function figuresOf(store: Store, how: string, measured: Rounds): Figure[] {
  const [base, ...larger] = [...measured.samples.keys()] as [number, ...number[]];
  const loads = `load average (1 min) ${Math.min(...measured.loads)}–${Math.max(...measured.loads)} over ${measured.loads.length} rounds`;
  return larger.flatMap((size) =>
    METRICS.filter(([metric]) =>
      measured.samples.get(size)?.some((sample) => Number.isFinite(sample[metric])),
    ).map(([metric, title, unit]) => {
      const spread = measured.spreads.get(`${size}|${metric}`);
      const spreadNote = spread
        ? `; spread of the per-round ratios (p25–p75) ${spread.spread.toFixed(3)}, ${spread.spread < spread.gap ? 'below' : 'NOT below'} their distance to the bound (${spread.gap.toFixed(3)})`
        : '';
      return figure({
        name: `${store}, ${how}: ${title}, ${count(size)} vs 10 videos`,
        unit,
        better: 'lower',
        runs: (measured.samples.get(size) ?? []).map((sample) => sample[metric]),
        baseline: {
          name: '10 videos',
          runs: (measured.samples.get(base) ?? []).map((sample) => sample[metric]),
        },
        ...(TARGETED.includes(metric) ? { target: FLAT } : {}),
        note: `${loads}${spreadNote}`,
      });
    }),
  );
}

/** RSS and heap per 1 000 videos: what the worker of `size` holds beyond the 10-video one, after a full GC. */
function memoryFigures(
  store: Store,
  when: string,
  memory: Map<number, { rssMiB: number; heapUsedMiB: number }>,
): Figure[] {
  const base = memory.get(10);
  if (!base) return [];
  return [...memory].flatMap(([size, held]) =>
    size === 10
      ? []
      : (['rssMiB', 'heapUsedMiB'] as const).map((what) =>
          figure({
            name: `${store}: ${what === 'rssMiB' ? 'RSS' : 'JS heap'} per 1,000 videos (${count(size)} stored, ${when})`,
            unit: 'MiB',
            better: 'lower',
            runs: [((held[what] - base[what]) * 1000) / (size - 10)],
            note: `load average (1 min) ${oneMinuteLoad()}`,
          }),
        ),
  );
}

/** The benchmark, over HTTP against the mock command `cli` (this checkout's built bin by default). */
async function measureScale(
  { quick, runs, log }: Pick<BenchContext, 'quick' | 'runs' | 'log'>,
  cli = MOCK_CLI,
) {
  const gets = quick ? 2_000 : 5_000;
  const requests = quick ? 20_000 : 60_000;
  const connections = 10;
  const min = Math.max(runs, quick ? 3 : 5);
  const max = quick ? 6 : 15;
  const figures: Figure[] = [];
  const notes: string[] = [];
  mkdirSync(TMP_DIR, { recursive: true });
  for (const store of ['memory', 'data-dir'] as const) {
    for (const how of ['in-process', 'HTTP'] as const) {
      const subjects: Subject[] = [];
      try {
        const workers = new Map<number, Awaited<ReturnType<typeof workerSubject>>>();
        for (const size of SIZES) {
          const subject =
            how === 'HTTP'
              ? await httpSubject(store, size, { requests, connections, cli })
              : await workerSubject(store, size, gets);
          subjects.push(subject);
          if (how === 'in-process') workers.set(size, subject as Awaited<ReturnType<typeof workerSubject>>);
          const pinned = pinToLastCore([subject.pid]);
          if (!pinned.startsWith('pinned')) notes.push(`${store}, ${how}: ${pinned}.`);
          notes.push(
            `${store}, ${how}: seeding ${count(size)} videos took ${count(Math.round(subject.seedMs))} ms (${how === 'HTTP' ? 'POST /__mock/seed' : 'app.mock.seed'}, 5,000 per call; load ${oneMinuteLoad()}).`,
          );
          log(`  ${store} ${how}: seeded ${count(size)} videos in ${Math.round(subject.seedMs)} ms`);
        }
        const seeded = new Map<number, { rssMiB: number; heapUsedMiB: number }>();
        for (const [size, worker] of workers) seeded.set(size, await worker.memory());
        const firstReads = new Map<number, number | undefined>();
        for (const subject of subjects) firstReads.set(subject.size, await subject.readAll());
        if (how === 'in-process') {
          const read = new Map<number, { rssMiB: number; heapUsedMiB: number }>();
          for (const [size, worker] of workers) read.set(size, await worker.memory());
          figures.push(
            ...memoryFigures(store, 'after seeding', seeded),
            ...memoryFigures(store, 'after a GET of each', read),
          );
          notes.push(
            `${store}: the first GET of each video (in-process, its text built) had a p50 of ${SIZES.slice(1)
              .map((size) => `${(firstReads.get(size) ?? Number.NaN).toFixed(1)} µs at ${count(size)} videos`)
              .join(', ')} (the 10-video store's 10 first GETs run before any warm-up: not comparable).`,
          );
        }
        for (const subject of subjects) await subject.round(); // warm-up
        const measured = await rounds(subjects, min, max, `${store} ${how}`, log);
        figures.push(...figuresOf(store, how, measured));
      } finally {
        for (const subject of subjects) await subject.close();
      }
    }
  }
  return {
    setup: `Stores of 10, 10,000 and 100,000 videos (5 custom fields each), in memory and with a data dir (the CLI's --data-dir: SQLite), each store in its own process, every one pinned to the last core (taskset; the load generator and the bench on the others). Every video is read once before measuring (so "steady state": each record's text is remembered, as after a suite's first read). In-process: a worker process (node --expose-gc) running createApp, ${gets} sequential GETs of random keys (seeded) per round through app.fetch; p50/p99 of their latency and the worker's CPU time (process.cpuUsage) per GET. HTTP: the mock's built bin, ${count(requests)} GETs per round from ${connections} autocannon connections, each request a random key (autocannon's setupRequest, in its own process); server CPU per request (user + system of the mock process, /proc/PID/stat; autocannon's whole-millisecond latencies are too coarse to report). The three sizes take turns in every round (order alternating) after a warm-up round; at least ${min} rounds, at most ${max}, stopping once the p25–p75 spread of every targeted ratio is below its distance to 1.2. Memory: the worker's RSS and JS heap after two full GCs (global.gc), beyond the 10-video worker's, per 1,000 videos; with a data dir RSS counts the SQLite pages mapped and cached.`,
    figures,
    notes,
  };
}

export const scale: Benchmark = {
  name: 'scale',
  title: 'Scale (GET with 10, 10 000 and 100 000 videos, in memory and with a data dir)',
  run: (context) => measureScale(context),
};
