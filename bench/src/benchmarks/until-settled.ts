/**
 * Runs of an interleaved comparison repeated until they agree: until the spread of the per-run
 * ratios (subject / baseline) is below the gap between their median and the target's bound, so a
 * verdict is not one that the noise of a shared machine could turn. The spread is that of the
 * middle half of the runs (interquartile range): the full range only grows with more runs, as each
 * may catch a burst of other work, so it could never settle. Each run keeps its load average.
 */
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { median, percentile } from '../lib/stats.js';

/** One run: the figure of each subject (by name), and the load average at its end. */
export interface SettledRun {
  values: Record<string, number>;
  load: number;
}

/** The runs made, and whether their ratios settled on one side of the bound. */
export interface Settled {
  runs: SettledRun[];
  settled: boolean;
  /** A line for the figure's note: ratios per run, their spread, the gap, the load per run. */
  note: string;
}

const fixed = (value: number) => value.toFixed(2);

/**
 * Calls `run` at least `minRuns` and at most `maxRuns` times, until the middle half of the ratios
 * of `subject` over `baseline` spreads less than their median lies from `bound`.
 *
 * @example
 * const { runs, note } = await untilSettled({ subject: 'client', baseline: 'plain', bound: 1.2,
 *   minRuns: 3, maxRuns: 9, run: async () => ({ client: 30, plain: 26 }) });
 */
export async function untilSettled(input: {
  subject: string;
  baseline: string;
  bound: number;
  minRuns: number;
  maxRuns: number;
  run: () => Promise<Record<string, number>>;
  log?: (line: string) => void;
}): Promise<Settled> {
  const runs: SettledRun[] = [];
  const ratios: number[] = [];
  let spread = Number.POSITIVE_INFINITY;
  let gap = 0;
  while (runs.length < input.maxRuns) {
    const values = await input.run();
    const load = loadavg()[0] ?? 0;
    runs.push({ values, load });
    ratios.push((values[input.subject] ?? Number.NaN) / (values[input.baseline] ?? Number.NaN));
    spread = percentile(ratios, 75) - percentile(ratios, 25);
    gap = Math.abs(median(ratios) - input.bound);
    input.log?.(
      `  run ${runs.length}: ${input.subject}/${input.baseline} ${fixed(ratios.at(-1) ?? Number.NaN)} (load ${fixed(load)})`,
    );
    if (runs.length >= input.minRuns && spread < gap) break;
  }
  const settled = spread < gap;
  const range = `${fixed(Math.min(...ratios))}-${fixed(Math.max(...ratios))}`;
  const note = `${input.subject}/${input.baseline} per run ${ratios.map(fixed).join(' / ')}: spread of the middle half ${fixed(spread)} (all runs ${range}) ${settled ? 'below' : 'NOT below'} the gap to ${input.bound} (${fixed(gap)}) after ${runs.length} runs; 1-min load average per run ${runs.map((r) => fixed(r.load)).join(' / ')}`;
  return { runs, settled, note };
}

/** The values of `name` over `runs`, for `figure`. */
export const valuesOf = (runs: readonly SettledRun[], name: string): number[] =>
  runs.map((run) => run.values[name] ?? Number.NaN);

/**
 * A full garbage collection, to run between timed blocks so that no block pays for the garbage of
 * the one before it (the bench runs without --expose-gc: the flag is set at run time and `gc`
 * taken from a fresh context).
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
