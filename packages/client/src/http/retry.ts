/**
 * Retry schedule: exponential backoff with equal jitter, Retry-After honoured, and which failures
 * may be retried for which operation (never a blind retry of create, §4.1: it is not idempotent).
 *
 * @example
 * import { backoffDelay, parseRetryAfter } from '@video-api/client';
 * backoffDelay(2, { minDelayMs: 100, random: () => 0.5 }); // 150: cap 200, half fixed + half jittered
 * parseRetryAfter('3'); // 3000
 */
import { parseRetryAfter } from '@video-api/schema';
import {
  HttpError,
  NetworkError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  type VideoApiError,
} from '../errors.js';
import type { RetryKind } from '../operations.js';
import type { RetryOptions } from './types.js';

export const defaultRetry = {
  retries: 2,
  minDelayMs: 200,
  maxDelayMs: 10_000,
  factor: 2,
  maxRetryAfterMs: 60_000,
} as const;

/**
 * The delay before retry number `retry` (1-based): a cap of `minDelayMs * factor^(retry-1)`,
 * bounded by `maxDelayMs`; half of it fixed and half drawn at random (equal jitter).
 */
export function backoffDelay(retry: number, options: RetryOptions = {}): number {
  const min = options.minDelayMs ?? defaultRetry.minDelayMs;
  const max = options.maxDelayMs ?? defaultRetry.maxDelayMs;
  const factor = options.factor ?? defaultRetry.factor;
  const random = options.random ?? Math.random;
  const cap = Math.min(max, min * factor ** Math.max(0, retry - 1));
  return Math.round(cap / 2 + random() * (cap / 2));
}

/** Retry-After is read as every layer reads it (`@video-api/schema`): `'1.5'` is 1500 ms. */
export { parseRetryAfter };

/**
 * Whether `error` may be retried for an operation of `kind`. Safe operations and opted-in uploads
 * retry network errors, timeouts, 408, 429 and 5xx; create retries only 429 (a refusal: nothing made).
 *
 * @example
 * isRetryable(new ServerError('x', { status: 503 }), 'create'); // false: create is not idempotent
 */
export function isRetryable(error: VideoApiError, kind: RetryKind): boolean {
  if (error instanceof RateLimitedError) return true;
  if (kind === 'create') return false;
  if (error instanceof NetworkError || error instanceof TimeoutError || error instanceof ServerError)
    return true;
  return error instanceof HttpError && error.status === 408;
}

/**
 * The delay before the next attempt, or undefined when the error asks for a wait longer than
 * `maxRetryAfterMs` (then it is thrown rather than waited for).
 */
export function nextDelay(retry: number, error: VideoApiError, options: RetryOptions): number | undefined {
  const retryAfter =
    error instanceof RateLimitedError || error instanceof ServerError ? error.retryAfterMs : undefined;
  if (retryAfter === undefined) return backoffDelay(retry, options);
  return retryAfter <= (options.maxRetryAfterMs ?? defaultRetry.maxRetryAfterMs) ? retryAfter : undefined;
}
