/** The soak's RSS figures and verdict, from its samples and error count. */
import type { SoakResult, SoakSample } from './types.js';

/** Seconds of load after which RSS growth is measured (start-up and JIT warm-up are not growth). */
export const WARM_UP_SECONDS = 60;
/** Largest accepted RSS growth, in percent. */
export const MAX_GROWTH_PERCENT = 10;

/**
 * RSS first, after the warm-up (or the first sample of shorter runs), last and max, and the growth
 * from the warm-up to the end; `pass` when there was no error and growth stayed under 10 %.
 *
 * @example
 * verdict([{ atSeconds: 60, requests: 9, errors: 0, rssBytes: 100 }, { atSeconds: 600, requests: 9, errors: 0, rssBytes: 105 }], 0);
 * // { rss: { …, growthPercent: 5 }, pass: true }
 */
export function verdict(samples: SoakSample[], errors: number): Pick<SoakResult, 'rss' | 'pass'> {
  const warmUp = samples.find((sample) => sample.atSeconds >= WARM_UP_SECONDS) ?? samples[0];
  const startBytes = warmUp?.rssBytes ?? 0;
  const endBytes = samples.at(-1)?.rssBytes ?? 0;
  const growthPercent = startBytes > 0 ? ((endBytes - startBytes) / startBytes) * 100 : 0;
  return {
    rss: {
      firstBytes: samples[0]?.rssBytes ?? 0,
      startBytes,
      endBytes,
      maxBytes: Math.max(0, ...samples.map((sample) => sample.rssBytes)),
      growthPercent,
    },
    pass: errors === 0 && growthPercent < MAX_GROWTH_PERCENT && samples.length > 0 && startBytes > 0,
  };
}
