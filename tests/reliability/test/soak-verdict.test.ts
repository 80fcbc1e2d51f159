import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultWindowSeconds, parseSoakArgs } from '../src/soak/options.js';
import { checkTable, summary, windowTable } from '../src/soak/report.js';
import type { SoakResult, SoakSample } from '../src/soak/types.js';
import { checks } from '../src/soak/verdict.js';
import { type WindowBucket, windowsOf } from '../src/soak/windows.js';

const MiB = 1024 * 1024;
const W = 300;
/** RSS samples every 60 s: [seconds, MiB, load average]. */
const sampled = (rss: [number, number, number?][]): SoakSample[] =>
  rss.map(([atSeconds, mib, load = 1]) => ({
    atSeconds,
    requests: 6000,
    errors: 0,
    rssBytes: mib * MiB,
    loadAverage: load,
  }));
/** A window of 100 requests whose latencies are 1..99 ms and one slowest of `p99` ms. */
const bucket = (p99: number, errors = 0): WindowBucket => ({
  requests: 100,
  errors,
  latenciesMs: [...Array.from({ length: 98 }, (_, i) => i + 1), p99, p99 + 1],
});
const run = (rss: [number, number, number?][], p99s: number[], errors = 0, achievedRate = 100) => {
  const samples = sampled(rss);
  const windows = windowsOf(
    p99s.map((p) => bucket(p)),
    samples,
    W,
  );
  return {
    samples,
    windows,
    all: checks({ samples, windows, windowSeconds: W, errors, rate: 100, achievedRate }),
  };
};
const byName = (all: ReturnType<typeof checks>, start: string) => all.find((c) => c.name.startsWith(start));

describe('the soak windows', () => {
  it('put a sample at the 5-minute mark in the warm-up window and time each window apart', () => {
    const { windows } = run(
      [
        [60, 90],
        [300, 100],
        [360, 101],
        [600, 103],
        [900, 104],
      ],
      [200, 120, 150],
    );
    expect(windows.map((w) => [w.fromSeconds, w.toSeconds])).toEqual([
      [0, 300],
      [300, 600],
      [600, 900],
    ]);
    expect(windows.map((w) => w.rssMaxBytes / MiB)).toEqual([100, 103, 104]);
    expect(windows.map((w) => w.p99Ms)).toEqual([200, 120, 150]);
    expect(windows[0]?.p50Ms).toBe(50);
  });

  it('keep every request and order p50 <= p99 <= max (any latencies)', () => {
    const latencies = fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), {
      minLength: 1,
      maxLength: 300,
    });
    fc.assert(
      fc.property(fc.array(latencies, { minLength: 1, maxLength: 5 }), (lists) => {
        const buckets = lists.map((l) => ({ requests: l.length, errors: 0, latenciesMs: l }));
        const windows = windowsOf(buckets, [], 60);
        expect(windows.reduce((n, w) => n + w.requests, 0)).toBe(lists.flat().length);
        for (const [i, w] of windows.entries()) {
          expect(w.p50Ms).toBeLessThanOrEqual(w.p99Ms);
          expect(w.p99Ms).toBeLessThanOrEqual(w.maxMs);
          expect(w.maxMs).toBe(Math.max(...(lists[i] as number[])));
        }
      }),
    );
  });
});

describe('the soak checks', () => {
  it('pass a flat run: growth 4 % from the 5-minute mark, p99 1.25x the second window', () => {
    const { all } = run(
      [
        [300, 100, 2.5],
        [600, 103],
        [840, 104, 3],
        [900, 104, 3],
      ],
      [400, 100, 125],
    );
    expect(byName(all, 'RSS')?.value).toBeCloseTo(4, 5);
    expect(byName(all, 'RSS')?.loadAverage).toBe('2.50 at the mark, 3.00 in the last window');
    expect(byName(all, 'p99')?.value).toBeCloseTo(1.25, 5);
    expect(all.every((c) => c.met)).toBe(true);
  });

  it.each([
    [
      'RSS grows 5 % or more',
      [
        [300, 100],
        [600, 102],
        [900, 105],
      ],
      [50, 100, 100],
      0,
      100,
      'RSS',
    ],
    [
      'p99 of the last window is over 1.5x the second',
      [
        [300, 100],
        [900, 100],
      ],
      [50, 100, 151],
      0,
      100,
      'p99',
    ],
    [
      'one request failed',
      [
        [300, 100],
        [900, 100],
      ],
      [50, 100, 100],
      1,
      100,
      'errors',
    ],
    [
      'the load reached under 95 % of its rate',
      [
        [300, 100],
        [900, 100],
      ],
      [50, 100, 100],
      0,
      94,
      'load',
    ],
  ] as const)('fail when %s', (_name, rss, p99s, errors, rate, failed) => {
    const { all } = run(
      rss.map((r) => [...r] as [number, number]),
      [...p99s],
      errors,
      rate,
    );
    expect(all.filter((c) => !c.met).map((c) => c.name.split(' ')[0])).toEqual([failed]);
  });

  it('fail, saying why, a run too short to compare windows or without RSS', () => {
    const short = run(
      [
        [100, 100],
        [200, 101],
      ],
      [50, 60],
    ).all;
    expect(byName(short, 'p99')).toMatchObject({
      met: false,
      detail: 'the run is shorter than three windows',
    });
    expect(
      byName(
        run(
          [
            [300, 0],
            [600, 0],
          ],
          [50, 60, 60],
        ).all,
        'RSS',
      ),
    ).toMatchObject({ met: false, detail: 'no RSS was read' });
    expect(byName(run([[100, 100]], [50]).all, 'RSS')?.detail).toBe('the run is shorter than two windows');
  });
});

describe('the soak report and options', () => {
  it('prints each window and check with its load average, and the verdict', () => {
    const { samples, windows, all } = run(
      [
        [300, 100, 1.5],
        [900, 110, 4.25],
      ],
      [50, 100, 100],
    );
    const result: SoakResult = {
      startedAt: '2026-11-22T00:00:00.000Z',
      minutes: 15,
      rate: 100,
      achievedRate: 99.9,
      skipped: 0,
      maxInFlight: 64,
      windowSeconds: W,
      seed: 1,
      store: 'data-dir',
      requests: 300,
      errors: 0,
      byOperation: { create: 1, upload: 1, get: 1, put: 1, bad: 1 },
      resets: 2,
      statuses: { 200: 300 },
      errorExamples: [],
      samples,
      windows,
      checks: all,
      pass: all.every((c) => c.met),
    };
    expect(windowTable(result).split('\n')).toHaveLength(2 + 3);
    expect(windowTable(result)).toMatch(
      /\| 2 \| 600–900 \| 100 \| 0 \| 50\.0 \| 100\.0 \| 101\.0 \| 110\.0 \| 110\.0 \| 4\.25 \|/,
    );
    expect(checkTable(all)).toMatch(
      /RSS growth after the warm-up \| 10\.00 % \| < 5 % \| FAIL \| 1\.50 at the mark, 4\.25/,
    );
    expect(summary(result)).toMatch(/verdict: FAIL \(1 of 4 checks failed\)/);
  });

  it('window 5 minutes in runs of 15 minutes or more and a sixth of shorter ones', () => {
    expect([60, 15, 10, 3, 0.2].map(defaultWindowSeconds)).toEqual([300, 300, 100, 30, 5]);
    expect(parseSoakArgs(['--', '--minutes', '60'])).toMatchObject({
      minutes: 60,
      rate: 100,
      windowSeconds: 300,
      intervalSeconds: 10,
    });
    expect(parseSoakArgs(['--minutes', '3']).intervalSeconds).toBe(10);
    expect(() => parseSoakArgs(['--rate', '0'])).toThrow('--rate: "0" is not accepted (a positive number)');
  });
});
