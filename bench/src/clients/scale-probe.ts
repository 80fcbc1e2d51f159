/**
 * Counts, not timings, of GETs at one store size (issue 28, item 3): run it with
 * `node --expose-gc --trace-gc-nvp` and it prints, for `gets` random GETs through app.fetch after
 * every video was read once, the garbage collections by kind (count, total pause), the JS heap
 * before and after (v8.getHeapStatistics, after a full GC), and the process's minor and major page
 * faults (/proc/self/stat). The lines `--trace-gc-nvp` prints between `probe: begin` and
 * `probe: end` carry the bytes promoted and allocated per scavenge. Load on the machine changes
 * none of these counts.
 * With SCALE_HEAP_PROFILE=FILE it also writes a sampling heap profile of the GETs (objects still
 * in the heap at their end, so what was promoted and not yet collected; open it in DevTools).
 * Usage: scale-probe.ts memory|data-dir SIZE GETS [DATA_DIR]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { createApp, seededRandom } from '@video-api/mock-server/node';
import { AUTH, TOKEN } from '../servers/start.js';
import { SEED_CHUNK, scaleKey, scaleSeed } from './scale-seed.js';

const [store, sizeText, getsText, dataDir] = process.argv.slice(2);
const size = Number(sizeText);
const gets = Number(getsText);
if ((store !== 'memory' && store !== 'data-dir') || !(size >= 1) || !(gets >= 1))
  throw new Error(
    `usage: scale-probe memory|data-dir SIZE GETS [DATA_DIR] (got ${process.argv.slice(2).join(' ')})`,
  );
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** Minor and major page faults of this process so far (fields 10 and 12 of /proc/self/stat). */
function faults(): { minflt: number; majflt: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return { minflt: Number(fields[7]), majflt: Number(fields[9]) };
}

const app = createApp({ tokens: [TOKEN], logLevel: 'silent', ...(dataDir ? { dataDir } : {}) });
for (let from = 0; from < size; from += SEED_CHUNK)
  await app.mock.seed(scaleSeed(from, Math.min(SEED_CHUNK, size - from)));

async function get(key: string): Promise<void> {
  const response = await app.fetch(
    new Request(`http://bench.local/api/v1/videos/${key}`, { headers: { authorization: AUTH } }),
  );
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${key} answered ${response.status}`);
}

const next = seededRandom(7);
for (let i = 0; i < size; i++) await get(scaleKey(i));
for (let i = 0; i < 20_000; i++) await get(scaleKey(Math.floor(next() * size))); // warm-up: fills the journal
gc();
gc();

const kinds: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
const collections: Record<string, { count: number; ms: number }> = {};
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = kinds[(entry as PerformanceEntry & { detail: { kind: number } }).detail.kind] ?? 'other';
    const seen = collections[kind] ?? { count: 0, ms: 0 };
    collections[kind] = seen;
    seen.count += 1;
    seen.ms += entry.duration;
  }
});
const heapBefore = getHeapStatistics();
const faultsBefore = faults();
const cpuBefore = process.cpuUsage();
const profileFile = process.env.SCALE_HEAP_PROFILE;
const session = new Session();
if (profileFile) {
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: 256 });
}
process.stdout.write('probe: begin\n');
observer.observe({ entryTypes: ['gc'] });
for (let i = 0; i < gets; i++) await get(scaleKey(Math.floor(next() * size)));
await new Promise((resolve) => setTimeout(resolve, 50)); // the observer's last entries
observer.disconnect();
process.stdout.write('probe: end\n');
if (profileFile) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  writeFileSync(profileFile, JSON.stringify(profile));
  session.disconnect();
}
const cpu = process.cpuUsage(cpuBefore);
const faultsAfter = faults();
const heapAfter = getHeapStatistics();
gc();
gc();
const heapSettled = getHeapStatistics();
const per10k = (n: number) => Math.round((n * 10_000 * 100) / gets) / 100;
process.stdout.write(
  `${JSON.stringify({
    store,
    size,
    gets,
    cpuUsPerGet: (cpu.user + cpu.system) / gets,
    collectionsPer10kGets: Object.fromEntries(
      Object.entries(collections).map(([kind, { count, ms }]) => [
        kind,
        { count: per10k(count), ms: per10k(ms) },
      ]),
    ),
    heapMiB: {
      usedBefore: heapBefore.used_heap_size / 2 ** 20,
      usedAfterGets: heapAfter.used_heap_size / 2 ** 20,
      usedAfterFullGc: heapSettled.used_heap_size / 2 ** 20,
      total: heapSettled.total_heap_size / 2 ** 20,
    },
    faultsPer10kGets: {
      minflt: per10k(faultsAfter.minflt - faultsBefore.minflt),
      majflt: per10k(faultsAfter.majflt - faultsBefore.majflt),
    },
  })}\n`,
);
await app.mock.close();
