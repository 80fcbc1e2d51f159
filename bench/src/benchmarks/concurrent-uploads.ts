/**
 * Concurrent uploads (issue 22, "Figures"): 50 uploads of 100 MiB at once to the mock's process, in
 * memory mode and with `--data-dir`; every stored file's SHA-256 checked against the bytes sent,
 * and the mock's peak RSS (VmHWM from /proc, reset first) held to 200 MiB. The bytes come from a
 * seeded generator as they are sent; the count is scaled down, with the reason printed, when the
 * disk cannot hold them.
 */
import { mkdirSync, rmSync, statfsSync } from 'node:fs';
import { TMP_DIR } from '../lib/paths.js';
import { resetPeakRss, samplePeak } from '../lib/proc.js';
import { figure } from '../lib/stats.js';
import { MiB } from '../lib/test-file.js';
import type { Benchmark, Figure } from '../lib/types.js';
import { startMock } from '../servers/start.js';
import { hashFilesOfSize, uploadSeeded } from './seeded-upload.js';
import { createKey } from './upload.js';

const FILE_BYTES = 100 * MiB;
const SEED = 'concurrent-uploads-1';
/** Room kept free beside the files (their multipart copies are never on disk; SQLite, logs). */
const MARGIN_BYTES = 1024 * MiB;
type Mode = 'memory' | 'data-dir';

/** How many files the disk under `folder` holds with the margin, at most `wanted`; and why fewer. */
function fitToDisk(
  folder: string,
  wanted: number,
  bytes = FILE_BYTES,
): { count: number; freeGiB: number; reason?: string } {
  const stats = statfsSync(folder);
  const free = stats.bavail * stats.bsize;
  const fits = Math.floor((free - MARGIN_BYTES) / bytes);
  const freeGiB = free / 1024 ** 3;
  if (fits >= wanted) return { count: wanted, freeGiB };
  const gib = freeGiB.toFixed(1);
  return {
    count: Math.max(0, fits),
    freeGiB,
    reason: `${gib} GiB free under ${folder}: ${wanted} files of ${bytes / MiB} MiB need ${((wanted * bytes + MARGIN_BYTES) / 1024 ** 3).toFixed(1)} GiB with a 1 GiB margin, so ${Math.max(0, fits)} were uploaded`,
  };
}

/** One mode: start the mock, upload `count` files at once, hash what it stored. */
async function runMode(mode: Mode, count: number, log: (line: string) => void) {
  const folder = `${TMP_DIR}/concurrent-${mode}`;
  mkdirSync(folder, { recursive: true });
  // Memory mode keeps uploads in the mock's temporary folder under the OS temp dir: point that at
  // our folder (the child's environment is copied when it is spawned), so only its files are hashed.
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  const mock = await startMock(mode === 'data-dir' ? ['--data-dir', folder] : []).finally(() => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  });
  try {
    const base = mock.match;
    const keys = await Promise.all(Array.from({ length: count }, () => createKey(base)));
    const resettable = resetPeakRss(mock.pid);
    const sampler = samplePeak(mock.pid, 50);
    const started = performance.now();
    const sent = await Promise.all(keys.map((key, i) => uploadSeeded(base, key, SEED, i, FILE_BYTES)));
    const seconds = (performance.now() - started) / 1000;
    const peakMiB = sampler.stop();
    const refused = sent.filter((s) => s.status < 200 || s.status > 299);
    const stored = await hashFilesOfSize(folder, FILE_BYTES);
    const matched = sent.filter((s) => stored.filter((d) => d === s.sha256).length === 1).length;
    log(
      `  ${mode}: ${count} x 100 MiB in ${seconds.toFixed(1)} s, ${refused.length} refused, ${stored.length} files stored, ${matched} SHA-256 matched, peak RSS ${peakMiB.toFixed(0)} MiB`,
    );
    const notes = [
      ...(resettable
        ? []
        : [`${mode}: the kernel refused to reset VmHWM: the peak covers the mock since start.`]),
      ...refused.slice(0, 3).map((s) => `${mode}: an upload answered ${s.status} ${s.body.slice(0, 200)}`),
      ...(stored.length === count
        ? []
        : [`${mode}: ${stored.length} files of 100 MiB stored for ${count} uploads`]),
    ];
    return { matched, peakMiB, mibPerS: (count * FILE_BYTES) / MiB / seconds, notes };
  } finally {
    await mock.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

export const concurrentUploads: Benchmark = {
  name: 'concurrent-uploads',
  title: 'Concurrent uploads (50 x 100 MiB at once, memory and --data-dir, SHA-256 checked)',
  async run({ quick, log }) {
    const wanted = quick ? 10 : 50;
    mkdirSync(TMP_DIR, { recursive: true });
    const { count, freeGiB, reason } = fitToDisk(TMP_DIR, wanted);
    if (reason) log(`  scaled down: ${reason}`);
    if (count === 0) throw new Error(`not enough disk space: ${reason}`);
    const figures: Figure[] = [];
    const notes: string[] = reason ? [`Scaled down: ${reason}.`] : [];
    for (const mode of ['memory', 'data-dir'] as const) {
      const result = await runMode(mode, count, log);
      notes.push(...result.notes);
      figures.push(
        figure({
          name: `${mode}: uploads stored with their SHA-256 checked`,
          unit: 'files',
          better: 'higher',
          runs: [result.matched],
          target: { text: `all ${count}`, on: 'value', kind: 'min', bound: count },
        }),
        figure({
          name: `${mode}: peak RSS of the mock`,
          unit: 'MiB',
          better: 'lower',
          runs: [result.peakMiB],
          target: { text: 'at most 200 MiB', on: 'value', kind: 'max', bound: 200 },
        }),
        figure({
          name: `${mode}: all uploads together`,
          unit: 'MiB/s',
          better: 'higher',
          runs: [result.mibPerS],
        }),
      );
    }
    return {
      setup: `${count} uploads of 100 MiB sent at once (node:http, one connection each, exact Content-Length) to the mock's CLI, first in memory mode (its temporary folder under a TMPDIR of ours), then with \`--data-dir\`; one run each${quick ? ' (--quick: 10 uploads)' : ''}. Each file is the AES-128-CTR keystream of a key derived from (seed, index), generated 1 MiB at a time as it is sent and hashed on the way. Disk: ${freeGiB.toFixed(1)} GiB free under the bench's scratch folder before the run (${count} files need ${((count * FILE_BYTES) / 1024 ** 3).toFixed(1)} GiB plus a 1 GiB margin${reason ? '; scaled down' : ''}). After all answered, every file of exactly 100 MiB the mock stored is hashed; an upload counts when its SHA-256 is found exactly once. Peak RSS: VmHWM of the mock, reset (clear_refs) before the uploads and sampled every 50 ms.`,
      figures,
      notes,
    };
  },
};
