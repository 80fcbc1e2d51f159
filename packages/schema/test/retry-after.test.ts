/** Retry-After is read one way: delay-seconds (a fraction honoured) or an HTTP-date. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../src/retry-after.js';

const now = Date.parse('2026-11-22T08:30:00Z');

describe('parseRetryAfter', () => {
  // [value, milliseconds]
  const table: Array<[string | null | undefined, number | undefined]> = [
    ['3', 3000],
    ['  3 ', 3000],
    ['0', 0],
    ['1.5', 1500],
    ['0.0001', 1],
    ['Sun, 22 Nov 2026 08:30:02 GMT', 2000],
    ['Sun, 22 Nov 2026 08:00:00 GMT', 0],
    [null, undefined],
    [undefined, undefined],
    ['', undefined],
    ['-1', undefined],
    ['+3', undefined],
    ['1e3', undefined],
    ['1.', undefined],
    ['.5', undefined],
    ['soon', undefined],
    ['2026-11-22', undefined],
  ];
  it.each(table)('reads %j as %j ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });

  it('reads any whole number of seconds as that many thousand ms (property)', () => {
    fc.assert(
      fc.property(fc.nat(), (seconds) => {
        expect(parseRetryAfter(String(seconds), now)).toBe(seconds * 1000);
      }),
    );
  });

  it('reads a decimal number of seconds rounded up to a whole ms, never less than asked (property)', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.stringMatching(/^\d{1,6}$/), (whole, fraction) => {
        const text = `${whole}.${fraction}`;
        const ms = parseRetryAfter(text, now) as number;
        expect(Number.isInteger(ms)).toBe(true);
        expect(ms).toBeGreaterThanOrEqual(Number(text) * 1000);
        expect(ms - Number(text) * 1000).toBeLessThan(1);
      }),
    );
  });

  it('reads an HTTP-date as the time until then, never negative (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (offsetSeconds) => {
        const date = new Date(now + offsetSeconds * 1000).toUTCString();
        expect(parseRetryAfter(date, now)).toBe(Math.max(0, offsetSeconds * 1000));
      }),
    );
  });

  it('never answers a negative or fractional wait, whatever the text (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const ms = parseRetryAfter(text, now);
        if (ms !== undefined) expect(Number.isInteger(ms) && ms >= 0).toBe(true);
      }),
    );
  });
});
