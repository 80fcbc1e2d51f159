/**
 * Waits for a video to be ready (§1 step 3, §4.3: polling the get-video endpoint) with a growing
 * interval, a deadline, an AbortSignal and a pluggable predicate.
 */
import type { Video } from '@video-api/schema';
import { AbortedError, InputError, TimeoutError, VideoApiError, VideoFailedError } from '../errors.js';
import { isRetryable } from '../http/retry.js';
import { attemptSignal, sleep as defaultSleep } from '../http/signals.js';
import type { CallOptions } from '../http/types.js';
import { shown } from '../shown.js';
import { defaultIsReady } from './readiness.js';
import type { Readiness, WaitOptions } from './types.js';

interface Poller {
  getVideo(videoKey: string, options?: CallOptions): Promise<Video>;
}

function verdict(value: Readiness | boolean): Readiness {
  if (value === true) return 'ready';
  if (value === false) return 'pending';
  return value;
}

/** A duration option: a number > 0 (Infinity allowed where `infinite`), else InputError. */
function duration(name: string, value: number | undefined, fallback: number, infinite = false): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0) || (!infinite && !Number.isFinite(value))) {
    throw new InputError(
      `waitForReady: ${name} must be a number of ms greater than 0${infinite ? ' (or Infinity)' : ''}, got ${shown(value)}`,
      { operation: 'getVideo' },
    );
  }
  return value;
}

/**
 * A failed poll that the wait rides through until its deadline: no answer, a timeout of that poll,
 * 408, 429 or 5xx (what get retries). Any other 4xx ends the wait at once.
 */
const transient = (error: unknown): error is VideoApiError =>
  error instanceof VideoApiError && isRetryable(error, 'safe');

/**
 * Polls `getVideo` until the predicate says ready; throws VideoFailedError when it says failed,
 * TimeoutError once `timeoutMs` has passed, AbortedError when `signal` fires. The deadline binds
 * every step: a poll (with its retries) and the predicate get at most the time that is left. A poll
 * that fails for a passing reason (see `transient`) is followed by the next one; at the deadline
 * the TimeoutError names the last such failure (as its `cause` and in its message).
 *
 * @example
 * const video = await client.waitForReady(key, { intervalMs: 2000, timeoutMs: 300_000 });
 */
export async function waitForReady(
  client: Poller,
  videoKey: string,
  options: WaitOptions = {},
): Promise<Video> {
  const isReady = options.isReady ?? defaultIsReady;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const timeoutMs = duration('timeoutMs', options.timeoutMs, 600_000, true);
  const maxInterval = duration('maxIntervalMs', options.maxIntervalMs, 10_000);
  let interval = Math.min(duration('intervalMs', options.intervalMs, 1000), maxInterval);
  const started = now();
  // What a custom sleep was asked to wait counts as elapsed: one that only advances a virtual
  // clock takes no time by `now`, and the deadline must still come.
  let slept = 0;
  const elapsed = () => Math.max(now() - started, slept);
  // Aborts at the deadline or with the caller's signal, whichever comes first.
  const deadline = attemptSignal(options.signal, timeoutMs);
  let poll = 0;
  let video: Video | undefined;
  let lastFailure: VideoApiError | undefined;
  const timedOut = (cause?: unknown) =>
    new TimeoutError(
      `video ${videoKey} was not ready after ${timeoutMs} ms (${poll} polls` +
        (lastFailure ? `; the last poll failed: ${lastFailure.message})` : ')'),
      { operation: 'getVideo', body: video, cause: lastFailure ?? cause },
    );
  try {
    for (poll = 1; ; poll++) {
      try {
        video = await client.getVideo(videoKey, deadline.signal ? { signal: deadline.signal } : {});
        lastFailure = undefined;
      } catch (error) {
        if (deadline.timedOut() || options.signal?.aborted || !transient(error)) throw error;
        lastFailure = error; // a transient failure: poll again after the same wait
      }
      if (lastFailure === undefined && video !== undefined) {
        const context = { fetch, signal: deadline.signal, poll, playlistUrl: options.playlistUrl };
        const readiness = verdict(await deadline.race(Promise.resolve(isReady(video, context))));
        const elapsedMs = elapsed();
        await options.onPoll?.({ poll, video, readiness, elapsedMs });
        if (readiness === 'ready') return video;
        if (readiness === 'failed') {
          throw new VideoFailedError(`video ${videoKey} failed processing`, {
            operation: 'getVideo',
            body: video,
          });
        }
      }
      const left = timeoutMs - elapsed();
      if (left <= 0 || deadline.timedOut()) throw timedOut();
      const pause = Math.min(interval, left);
      await sleep(pause, deadline.signal);
      slept += pause;
      interval = Math.min(maxInterval, Math.round(interval * 1.5));
    }
  } catch (error) {
    if (error instanceof VideoFailedError) throw error;
    if (deadline.timedOut()) throw timedOut(error);
    if (options.signal?.aborted) {
      throw new AbortedError(`waitForReady of video ${videoKey} was aborted after ${poll} polls`, {
        operation: 'getVideo',
        cause: options.signal.reason,
      });
    }
    throw error;
  } finally {
    deadline.dispose();
  }
}
