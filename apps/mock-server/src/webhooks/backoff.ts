/**
 * Retry timing of deliveries on the mock's virtual clock: exponential backoff with "equal jitter"
 * drawn from the seed, capped per wait, and a retry window after which an event is given up.
 */
import type { Random } from '../shared/prng.js';
import type { RetryOptions } from './types.js';

/**
 * The default policy: waits from 0.5 s doubling up to 60 s, retried for 30 minutes of the virtual
 * clock (long enough for a receiver down 10 minutes), with no cap on the number of attempts.
 */
export const DEFAULT_RETRY: Required<RetryOptions> = {
  attempts: Number.POSITIVE_INFINITY,
  baseMs: 500,
  maxMs: 60_000,
  windowMs: 30 * 60_000,
};

/** Fills in the defaults of a partial policy. */
export function retryPolicy(retry: Partial<RetryOptions> | undefined): Required<RetryOptions> {
  return { ...DEFAULT_RETRY, ...retry };
}

/**
 * The delay before the attempt after `attempt` (1-based): with `cap = min(maxMs, baseMs·2^(attempt-1))`,
 * a value in [cap/2, cap].
 *
 * @example
 * backoffDelay(1, { attempts: 5, baseMs: 100 }, random); // 50..100
 * backoffDelay(3, { attempts: 5, baseMs: 100 }, random); // 200..400
 */
export function backoffDelay(attempt: number, retry: Partial<RetryOptions>, random: Random): number {
  const { baseMs, maxMs } = retryPolicy(retry);
  const cap = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.round(cap / 2 + (random.next() * cap) / 2);
}

/**
 * The wait before the next attempt after failed attempt `attempt`, or undefined when the event is
 * given up: `attempts` were made, or the next attempt would start more than `windowMs` after the
 * first one (virtual clock). A receiver's `Retry-After` lengthens the wait (at most to `maxMs`).
 *
 * @example
 * nextRetryDelay({ attempt: 1, firstAt: 0, at: 0, retry: DEFAULT_RETRY, random }); // 250..500
 * nextRetryDelay({ attempt: 9, firstAt: 0, at: 1_800_000, retry: DEFAULT_RETRY, random }); // undefined
 */
export function nextRetryDelay(input: {
  attempt: number;
  firstAt: number;
  at: number;
  retry: Required<RetryOptions>;
  random: Random;
  retryAfterMs?: number | undefined;
}): number | undefined {
  const { attempt, retry } = input;
  if (attempt >= retry.attempts) return undefined;
  const delay = Math.max(
    backoffDelay(attempt, retry, input.random),
    Math.min(input.retryAfterMs ?? 0, retry.maxMs),
  );
  return input.at + delay - input.firstAt > retry.windowMs ? undefined : delay;
}
