import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, isRetryable, parseRetryAfter } from '../src/http/retry.js';
import {
  AuthError,
  HttpError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  ValidationError,
  type VideoApiError,
} from '../src/index.js';

describe('backoffDelay', () => {
  it.each([
    [1, 0, 100],
    [1, 0.999999, 200],
    [2, 0, 200],
    [3, 0.5, 600],
    [10, 1, 10_000],
  ])('retry %i with random %f waits %i ms (min 200, max 10 000)', (retry, random, expected) => {
    expect(backoffDelay(retry, { minDelayMs: 200, maxDelayMs: 10_000, random: () => random })).toBe(expected);
  });

  it('stays within half and all of the exponential cap, never above maxDelayMs', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (retry, min, max, random) => {
          const cap = Math.min(max, min * 2 ** (retry - 1));
          const delay = backoffDelay(retry, { minDelayMs: min, maxDelayMs: max, random: () => random });
          expect(delay).toBeGreaterThanOrEqual(Math.floor(cap / 2));
          expect(delay).toBeLessThanOrEqual(Math.ceil(cap));
        },
      ),
    );
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T08:00:00Z');
  it.each([
    ['0', 0],
    ['3', 3000],
    [' 120 ', 120_000],
    ['Sun, 22 Nov 2026 08:00:05 GMT', 5000],
    ['Sun, 22 Nov 2026 07:59:00 GMT', 0],
    ['-1', undefined],
    ['1.5', 1500],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('reads %j as %j ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it('reads any delay-seconds as that many seconds', () => {
    fc.assert(fc.property(fc.nat(), (seconds) => parseRetryAfter(String(seconds)) === seconds * 1000));
  });
});

describe('isRetryable', () => {
  const error = (make: () => VideoApiError) => make();
  const cases: [string, VideoApiError, boolean, boolean, boolean][] = [
    ['a network error', error(() => new NetworkError('x')), true, false, true],
    ['a timeout', error(() => new TimeoutError('x')), true, false, true],
    ['a 503', error(() => new ServerError('x', { status: 503 })), true, false, true],
    ['a 408', error(() => new HttpError('x', { status: 408 })), true, false, true],
    ['a 429', error(() => new RateLimitedError('x', { status: 429 })), true, true, true],
    ['a 400', error(() => new ValidationError('x', { status: 400 })), false, false, false],
    ['a 401', error(() => new AuthError('x', { status: 401 })), false, false, false],
    ['a 404', error(() => new NotFoundError('x', { status: 404 })), false, false, false],
  ];
  it.each(cases)('retries %s: safe %s, create %s, upload %s', (_, failure, safe, create, upload) => {
    expect([
      isRetryable(failure, 'safe'),
      isRetryable(failure, 'create'),
      isRetryable(failure, 'upload'),
    ]).toEqual([safe, create, upload]);
  });
});
