/** Options of every call and of its retries. */
import type { VideoApiError } from '../errors.js';

/** How failed attempts are retried. Delays grow exponentially with jitter; Retry-After wins. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2 for get and update, 0 for uploads). */
  retries?: number | undefined;
  /** Delay cap of the first retry in ms (default 200). */
  minDelayMs?: number | undefined;
  /** Largest delay between attempts in ms (default 10 000). */
  maxDelayMs?: number | undefined;
  /** Growth of the delay cap per retry (default 2). */
  factor?: number | undefined;
  /** A Retry-After longer than this (ms) is not waited for: the error is thrown (default 60 000). */
  maxRetryAfterMs?: number | undefined;
  /** Random source in [0, 1) for the jitter (default Math.random); fixed in tests. */
  random?: (() => number) | undefined;
  /** Called before each retry with the error and the delay that follows. */
  onRetry?: ((info: { attempt: number; delayMs: number; error: VideoApiError }) => void) | undefined;
}

/** Options every call accepts. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  /** Timeout of one attempt in ms; overrides the client's. */
  timeoutMs?: number | undefined;
  /** Retry settings for this call, or false for none; merged over the client's. */
  retry?: RetryOptions | false | undefined;
  /** Extra request headers. */
  headers?: Record<string, string> | undefined;
}
