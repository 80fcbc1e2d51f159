/**
 * Retry timing of deliveries: exponential backoff with "equal jitter" drawn from the seed, so a
 * delay always grows with the attempt yet never repeats in lockstep.
 */
import type { Random } from '../shared/prng.js';
import type { RetryOptions } from './types.js';

/** The default policy: 6 attempts in all, 0.5 s doubling up to 30 s. */
export const DEFAULT_RETRY: Required<RetryOptions> = { attempts: 6, baseMs: 500, maxMs: 30_000 };

/**
 * The delay before the attempt after `attempt` (1-based): with `cap = min(maxMs, baseMs·2^(attempt-1))`,
 * a value in [cap/2, cap].
 *
 * @example
 * backoffDelay(1, { attempts: 5, baseMs: 100 }, random); // 50..100
 * backoffDelay(3, { attempts: 5, baseMs: 100 }, random); // 200..400
 */
export function backoffDelay(attempt: number, retry: RetryOptions, random: Random): number {
  const cap = Math.min(retry.maxMs ?? DEFAULT_RETRY.maxMs, retry.baseMs * 2 ** (attempt - 1));
  return Math.round(cap / 2 + (random.next() * cap) / 2);
}
