/**
 * Runs one operation with per-attempt timeouts and retries: classifies what went wrong into a typed
 * error, asks the retry policy, waits (honouring Retry-After) and tries again.
 */
import { AbortedError, NetworkError, TimeoutError, VideoApiError } from '../errors.js';
import type { RetryKind, SentOperationId } from '../operations.js';
import { defaultRetry, isRetryable, nextDelay } from './retry.js';
import { type AttemptSignal, attemptSignal } from './signals.js';
import type { CallOptions, RetryOptions } from './types.js';

export interface CallSettings {
  operation: SentOperationId;
  kind: RetryKind;
  timeoutMs: number;
  retry: RetryOptions | false;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Merges client-level and call-level retry settings; `false` at either level turns retries off. */
export function mergeRetry(
  base: RetryOptions | false,
  call: RetryOptions | false | undefined,
): RetryOptions | false {
  if (call === false) return false;
  if (call === undefined) return base;
  // A setting given as undefined keeps the client's (exactOptionalPropertyTypes lets callers pass it).
  const given = Object.fromEntries(Object.entries(call).filter(([, value]) => value !== undefined));
  return { ...(base === false ? { retries: 0 } : base), ...given };
}

/** Classifies anything thrown by an attempt into a typed error. */
function classify(
  error: unknown,
  operation: SentOperationId,
  timedOut: boolean,
  outer: AbortSignal | undefined,
  timeoutMs: number,
): VideoApiError {
  if (error instanceof VideoApiError) return error;
  // A local refusal that a transport or fetch wrapped (e.g. a stream that broke its declared size).
  const local = error instanceof Error ? error.cause : undefined;
  if (local instanceof VideoApiError) return local;
  if (timedOut)
    return new TimeoutError(`${operation} timed out after ${timeoutMs} ms`, { operation, cause: error });
  if (outer?.aborted) return new AbortedError(`${operation} was aborted`, { operation, cause: outer.reason });
  const reason =
    error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
  return new NetworkError(`${operation} failed: no response (${reason || 'network error'})`, {
    operation,
    cause: error,
  });
}

/**
 * Calls `attempt` until it succeeds, a failure is not retryable, or retries run out. Each attempt
 * gets its AttemptSignal whole: reading its `signal` makes one, so an attempt that needs none
 * makes none.
 */
export async function callWithRetry<T>(
  settings: CallSettings,
  options: CallOptions,
  attempt: (signal: AttemptSignal, attemptNumber: number) => Promise<T>,
): Promise<T> {
  const retry = settings.retry;
  const retries = retry === false ? 0 : (retry.retries ?? defaultRetry.retries);
  for (let n = 1; ; n++) {
    const signal = attemptSignal(options.signal, settings.timeoutMs);
    let error: VideoApiError;
    try {
      return await attempt(signal, n);
    } catch (thrown) {
      error = classify(thrown, settings.operation, signal.timedOut(), options.signal, settings.timeoutMs);
    } finally {
      signal.dispose();
    }
    error.attempts = n;
    if (retry === false || n > retries || !isRetryable(error, settings.kind)) throw error;
    const delayMs = nextDelay(n, error, retry);
    if (delayMs === undefined) throw tooLongToWait(error, retry);
    retry.onRetry?.({ attempt: n, delayMs, error });
    try {
      await settings.sleep(delayMs, options.signal);
    } catch (thrown) {
      if (!options.signal?.aborted) throw thrown;
      throw new AbortedError(
        `${settings.operation} was aborted while waiting ${delayMs} ms to retry after attempt ${n} (${error.message})`,
        { operation: settings.operation, attempts: n, cause: options.signal.reason },
      );
    }
  }
}

/** The error whose Retry-After exceeds `maxRetryAfterMs`, with a message that says so. */
function tooLongToWait(error: VideoApiError, retry: RetryOptions): VideoApiError {
  const asked = (error as { retryAfterMs?: number }).retryAfterMs;
  const limit = retry.maxRetryAfterMs ?? defaultRetry.maxRetryAfterMs;
  error.message += `; not retried: Retry-After asks for a wait of ${asked} ms, more than maxRetryAfterMs (${limit} ms)`;
  return error;
}
