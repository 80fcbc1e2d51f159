/**
 * Soak (issue 22, "Figures"): the reliability package's `pnpm soak` (mixed load at 100 req/s
 * against the mock's process) run as a child for `--minutes N` (default 3; 1 with --quick; the
 * figure is meant for 60), its checks turned into figures: RSS growth after the warm-up window,
 * p99 of the last window against the second, errors, the rate reached; each with the load average
 * the machine had while it was measured.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { sourceArgs } from '@video-api/test-support';
// Type only: the soak's JSON is read, its code runs in its own process (bench does not depend on it).
import type { SoakResult } from '../../../tests/reliability/src/soak/types.js';
import { REPO_DIR, TMP_DIR } from '../lib/paths.js';
import { figure } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';

const RELIABILITY_DIR = `${REPO_DIR}tests/reliability`;

/** Runs the soak script to its end, its lines logged as they come; resolves its exit code. */
function runSoak(args: string[], log: (line: string) => void): Promise<number> {
  const child = spawn(process.execPath, [...sourceArgs('src/soak.ts'), ...args], {
    cwd: RELIABILITY_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  createInterface({ input: child.stdout }).on('line', (line) => log(`  ${line}`));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
}

const BOUNDS: Record<
  string,
  { on: 'value' | 'ratio'; kind: 'min' | 'max'; bound: (soak: SoakResult) => number }
> = {
  'RSS growth after the warm-up': { on: 'value', kind: 'max', bound: () => 5 },
  errors: { on: 'value', kind: 'max', bound: () => 0 },
  'load applied': { on: 'value', kind: 'min', bound: (soak) => soak.rate * 0.95 },
};

export const soak: Benchmark = {
  name: 'soak',
  title: 'Soak (mixed load at 100 req/s; RSS growth after the warm-up, p99 per window)',
  async run({ quick, minutes: asked, log }) {
    const minutes = asked ?? (quick ? 1 : 3);
    const out = `${TMP_DIR}/soak`;
    const code = await runSoak(['--minutes', String(minutes), '--out', out], log);
    if (code !== 0 && code !== 1)
      throw new Error(`the soak exited with ${code} (1 is a failed check; see its output)`);
    const result = JSON.parse(readFileSync(`${out}/soak-latest.json`, 'utf8')) as SoakResult;
    const figures: Figure[] = [];
    for (const check of result.checks) {
      const note = `load average ${check.loadAverage}; ${check.detail}`;
      if (check.name.startsWith('p99')) {
        const [second, last] = [result.windows[1], result.windows.at(-1)];
        figures.push(
          figure({
            name: 'p99 latency of the last window vs the second',
            unit: 'ms',
            better: 'lower',
            runs: last && second ? [last.p99Ms] : [],
            baseline: { name: 'second window', runs: second ? [second.p99Ms] : [] },
            target: { text: check.target, on: 'ratio', kind: 'max', bound: 1.5 },
            note,
          }),
        );
        continue;
      }
      const bounds = BOUNDS[check.name];
      figures.push(
        figure({
          name: check.name,
          unit: check.unit,
          better: check.name === 'load applied' ? 'higher' : 'lower',
          runs: [check.value],
          ...(bounds && {
            target: { text: check.target, on: bounds.on, kind: bounds.kind, bound: bounds.bound(result) },
          }),
          note,
        }),
      );
    }
    const MiB = 1024 * 1024;
    const notes = result.windows.map(
      (w) =>
        `window ${w.index}${w.index === 0 ? ' (warm-up)' : ''}, ${w.fromSeconds}–${w.toSeconds} s: ${w.requests} requests, ${w.errors} errors, p50 ${w.p50Ms.toFixed(1)} ms, p99 ${w.p99Ms.toFixed(1)} ms, RSS median ${(w.rssMedianBytes / MiB).toFixed(1)} MiB, load average ${w.loadAverage.toFixed(2)}`,
    );
    return {
      setup: `\`pnpm soak -- --minutes ${minutes}\` (tests/reliability/src/soak.ts) in its own process: the mock's CLI from sources with a data dir, ${result.rate} req/s open-loop (8 % create, 12 % upload of 4 KiB, 45 % get, 30 % put, 5 % bad requests that must get a 4xx; at most 64 in flight), windows of ${result.windowSeconds} s (5 minutes in runs of 15 minutes or more, a sixth of shorter runs); window 0 is the warm-up. RSS growth: the median RSS of the last window against the sample at the end of the warm-up. Latency: send to last body byte. Pass --minutes 60 for the figure of the issue.`,
      figures,
      notes,
    };
  },
};
