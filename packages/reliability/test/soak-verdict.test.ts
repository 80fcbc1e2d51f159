import { describe, expect, it } from 'vitest';
import { sampleTable, summary } from '../src/soak/report.js';
import type { SoakResult, SoakSample } from '../src/soak/types.js';
import { verdict } from '../src/soak/verdict.js';

const MiB = 1024 * 1024;
const run = (rss: [seconds: number, mib: number][]): SoakSample[] =>
  rss.map(([atSeconds, mib]) => ({ atSeconds, requests: 100, errors: 0, rssBytes: mib * MiB }));

describe('the soak verdict', () => {
  it.each([
    [
      'flat after the warm-up',
      run([
        [10, 80],
        [60, 100],
        [300, 104],
        [600, 105],
      ]),
      0,
      5,
      true,
    ],
    [
      'growing 10 % or more',
      run([
        [10, 80],
        [60, 100],
        [600, 110],
      ]),
      0,
      10,
      false,
    ],
    [
      'shrinking',
      run([
        [60, 100],
        [600, 90],
      ]),
      0,
      -10,
      true,
    ],
    [
      'with one error',
      run([
        [60, 100],
        [600, 100],
      ]),
      1,
      0,
      false,
    ],
    [
      'shorter than the warm-up (measured from the first sample)',
      run([
        [10, 100],
        [20, 102],
      ]),
      0,
      2,
      true,
    ],
  ] as const)('is right for a run %s', (_name, samples, errors, growth, pass) => {
    const result = verdict([...samples], errors);
    expect(result.rss.growthPercent).toBeCloseTo(growth, 5);
    expect(result.pass).toBe(pass);
  });

  it('fails a run without samples (no RSS was read)', () => {
    expect(verdict([], 0).pass).toBe(false);
    expect(
      verdict(
        run([
          [60, 0],
          [600, 0],
        ]),
        0,
      ).pass,
    ).toBe(false);
  });

  it('reports the figures in the table and the summary', () => {
    const samples = run([
      [10, 80],
      [60, 100],
      [600, 105],
    ]);
    const result: SoakResult = {
      startedAt: '2026-11-22T00:00:00.000Z',
      minutes: 10,
      workers: 4,
      seed: 1,
      store: 'data-dir',
      requests: 300,
      errors: 0,
      byOperation: { create: 1, upload: 1, get: 1, put: 1, bad: 1 },
      statuses: { 200: 300 },
      errorExamples: [],
      samples,
      ...verdict(samples, 0),
    };
    expect(sampleTable(result).split('\n')).toHaveLength(2 + samples.length);
    expect(summary(result)).toMatch(
      /start \(after warm-up\) 100\.0 MiB, end 105\.0 MiB, max 105\.0 MiB, growth 5\.0 %/,
    );
    expect(summary(result)).toMatch(/verdict: PASS/);
  });
});
