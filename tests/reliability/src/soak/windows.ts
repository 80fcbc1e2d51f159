/**
 * The soak's figures per window (5 minutes by default): requests, errors and latency percentiles
 * of the requests sent in it, and the RSS and load average of the samples taken in it.
 */
import type { SoakSample, SoakWindow } from './types.js';

/** What the load counted in one window, by the time each request was sent. */
export interface WindowBucket {
  requests: number;
  errors: number;
  latenciesMs: number[];
}

export const emptyBucket = (): WindowBucket => ({ requests: 0, errors: 0, latenciesMs: [] });

/**
 * The `p`-th percentile (0..100, nearest rank) of values already sorted ascending; NaN for none.
 *
 * @example
 * nearestRank([1, 2, 3, 4], 99); // 4
 */
function nearestRank(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** The window a sample taken at `atSeconds` belongs to: a sample at the 5-minute mark closes window 0. */
function windowOfSample(atSeconds: number, windowSeconds: number, count: number): number {
  return Math.min(count - 1, Math.max(0, Math.ceil(atSeconds / windowSeconds) - 1));
}

/**
 * One `SoakWindow` per bucket, in order.
 *
 * @example
 * windowsOf([{ requests: 2, errors: 0, latenciesMs: [3, 1] }], [{ atSeconds: 10, requests: 2, errors: 0, rssBytes: 9, loadAverage: 1 }], 300);
 * // [{ index: 0, fromSeconds: 0, toSeconds: 300, requests: 2, p50Ms: 1, p99Ms: 3, maxMs: 3, rssMedianBytes: 9, … }]
 */
export function windowsOf(
  buckets: WindowBucket[],
  samples: SoakSample[],
  windowSeconds: number,
): SoakWindow[] {
  const sampled = buckets.map(() => [] as SoakSample[]);
  for (const sample of samples)
    sampled[windowOfSample(sample.atSeconds, windowSeconds, buckets.length)]?.push(sample);
  return buckets.map((bucket, index) => {
    const latencies = Float64Array.from(bucket.latenciesMs).sort();
    const rss = Float64Array.from((sampled[index] ?? []).map((s) => s.rssBytes)).sort();
    const loads = (sampled[index] ?? []).map((s) => s.loadAverage);
    return {
      index,
      fromSeconds: index * windowSeconds,
      toSeconds: (index + 1) * windowSeconds,
      requests: bucket.requests,
      errors: bucket.errors,
      p50Ms: nearestRank(latencies, 50),
      p99Ms: nearestRank(latencies, 99),
      maxMs: latencies.at(-1) ?? Number.NaN,
      rssMedianBytes: nearestRank(rss, 50),
      rssMaxBytes: rss.at(-1) ?? Number.NaN,
      loadAverage: loads.length === 0 ? Number.NaN : loads.reduce((a, b) => a + b, 0) / loads.length,
    };
  });
}
