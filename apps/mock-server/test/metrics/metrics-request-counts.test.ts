/**
 * The request counter and latency histogram in Prometheus's text format: for any observations,
 * each count is the number observed, each bucket holds those at or below its bound, `+Inf` and
 * `_count` all of them, `_sum` their sum; label values are escaped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DURATION_BUCKETS, requestCounts } from '../../src/node/metrics/request-counts.js';
import { sample } from './scrape.js';

const observation = fc.record({
  operation: fc.constantFrom('getVideo', 'createVideos', 'admin', 'other'),
  status: fc.constantFrom(200, 404, 503),
  seconds: fc.oneof(fc.constantFrom(...DURATION_BUCKETS), fc.double({ min: 0, max: 20, noNaN: true })),
});

describe('requestCounts', () => {
  it('counts by operation and status, with cumulative buckets, +Inf, sum and count by operation', () => {
    fc.assert(
      fc.property(fc.array(observation, { maxLength: 60 }), (observed) => {
        const counts = requestCounts('r_total', 'd_seconds');
        for (const { operation, status, seconds } of observed) counts.observe(operation, status, seconds);
        const text = counts.text();
        for (const { operation, status } of observed) {
          const same = observed.filter((o) => o.operation === operation && o.status === status);
          expect(sample(text, `r_total{operation="${operation}",status="${status}"}`)).toBe(same.length);
          const timed = observed.filter((o) => o.operation === operation).map((o) => o.seconds);
          for (const bound of DURATION_BUCKETS) {
            const below = timed.filter((seconds) => seconds <= bound).length;
            expect(sample(text, `d_seconds_bucket{le="${bound}",operation="${operation}"}`)).toBe(below);
          }
          expect(sample(text, `d_seconds_bucket{le="+Inf",operation="${operation}"}`)).toBe(timed.length);
          expect(sample(text, `d_seconds_count{operation="${operation}"}`)).toBe(timed.length);
          const sum = timed.reduce((a, b) => a + b, 0);
          expect(sample(text, `d_seconds_sum{operation="${operation}"}`)).toBeCloseTo(sum, 9);
        }
        expect(text).toContain('# TYPE r_total counter');
        expect(text).toContain('# TYPE d_seconds histogram');
      }),
    );
  });

  it('escapes a label value', () => {
    const counts = requestCounts('r_total', 'd_seconds');
    counts.observe('a"b\\c\nd', 200, 0.5);
    expect(sample(counts.text(), 'r_total{operation="a\\"b\\\\c\\nd",status="200"}')).toBe(1);
  });
});
