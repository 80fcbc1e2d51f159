/**
 * The soak's checks (issue 22, "Figures"): RSS growth after the warm-up window under 5 %, p99 of the
 * last window at most 1.5x the second window's, no error, and the load it was meant to apply. Each
 * check carries the load average the machine had while it was measured.
 */
import type { SoakCheck, SoakSample, SoakWindow } from './types.js';

/** Largest accepted RSS growth from the end of the warm-up to the last window, in percent. */
const MAX_GROWTH_PERCENT = 5;
/** Largest accepted ratio of the last window's p99 to the second window's. */
const MAX_P99_RATIO = 1.5;
/** Share of the target rate the load must reach for the run to count. */
const MIN_RATE_SHARE = 0.95;

const MiB = 1024 * 1024;
const load = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '?' : value.toFixed(2);

/**
 * RSS: the sample at the end of the warm-up window (the last one at or before it; the first sample
 * when none is) against the median RSS of the last window.
 */
function rssGrowth(samples: SoakSample[], windows: SoakWindow[], windowSeconds: number): SoakCheck {
  const mark = samples.filter((s) => s.atSeconds <= windowSeconds).at(-1) ?? samples[0];
  const last = windows.at(-1);
  const check = { name: 'RSS growth after the warm-up', unit: '%', target: `< ${MAX_GROWTH_PERCENT} %` };
  if (windows.length < 2 || mark === undefined || last === undefined || !(mark.rssBytes > 0)) {
    const why = windows.length < 2 ? 'the run is shorter than two windows' : 'no RSS was read';
    return { ...check, value: Number.NaN, met: false, loadAverage: '?', detail: why };
  }
  const value = ((last.rssMedianBytes - mark.rssBytes) / mark.rssBytes) * 100;
  return {
    ...check,
    value,
    met: value < MAX_GROWTH_PERCENT,
    loadAverage: `${load(mark.loadAverage)} at the mark, ${load(last.loadAverage)} in the last window`,
    detail: `${(mark.rssBytes / MiB).toFixed(1)} MiB at ${mark.atSeconds} s, median ${(last.rssMedianBytes / MiB).toFixed(1)} MiB in the last window`,
  };
}

/** p99 of the last window against the second (the first after the warm-up). */
function p99Ratio(windows: SoakWindow[]): SoakCheck {
  const check = {
    name: 'p99 latency, last window / second window',
    unit: 'x',
    target: `<= ${MAX_P99_RATIO}x`,
  };
  const [second, last] = [windows[1], windows.at(-1)];
  if (windows.length < 3 || second === undefined || last === undefined || !(second.p99Ms > 0)) {
    const why = windows.length < 3 ? 'the run is shorter than three windows' : 'no request was timed';
    return { ...check, value: Number.NaN, met: false, loadAverage: '?', detail: why };
  }
  const value = last.p99Ms / second.p99Ms;
  return {
    ...check,
    value,
    met: value <= MAX_P99_RATIO,
    loadAverage: `${load(second.loadAverage)} in the second window, ${load(last.loadAverage)} in the last`,
    detail: `${second.p99Ms.toFixed(1)} ms -> ${last.p99Ms.toFixed(1)} ms`,
  };
}

/**
 * Every check of a run, in report order.
 *
 * @example
 * checks({ samples, windows, windowSeconds: 300, errors: 0, rate: 100, achievedRate: 99.8 }).every((c) => c.met);
 */
export function checks(run: {
  samples: SoakSample[];
  windows: SoakWindow[];
  windowSeconds: number;
  errors: number;
  rate: number;
  achievedRate: number;
}): SoakCheck[] {
  const loads = run.samples.map((s) => s.loadAverage);
  const wholeRun =
    loads.length === 0 ? '?' : `${load(Math.min(...loads))} to ${load(Math.max(...loads))} over the run`;
  return [
    rssGrowth(run.samples, run.windows, run.windowSeconds),
    p99Ratio(run.windows),
    {
      name: 'errors',
      value: run.errors,
      unit: '',
      target: '0',
      met: run.errors === 0,
      loadAverage: wholeRun,
      detail: 'network failures, 5xx, or a status the request kind does not expect',
    },
    {
      name: 'load applied',
      value: run.achievedRate,
      unit: 'req/s',
      target: `>= ${MIN_RATE_SHARE * 100} % of ${run.rate} req/s`,
      met: run.achievedRate >= run.rate * MIN_RATE_SHARE,
      loadAverage: wholeRun,
      detail: 'requests sent per second of the run',
    },
  ];
}
