/**
 * Waits for a video to be ready (§1 step 3, §4.3: polling the get-video endpoint) with a growing
 * interval, a deadline, an AbortSignal and a pluggable predicate.
 */
import type { Video } from '@video-api/schema';
import { TimeoutError, VideoFailedError } from '../errors.js';
import { sleep as defaultSleep } from '../http/signals.js';
import { defaultIsReady } from './readiness.js';
import type { Readiness, WaitOptions } from './types.js';

interface Poller {
  getVideo(videoKey: string, options?: { signal?: AbortSignal }): Promise<Video>;
}

function verdict(value: Readiness | boolean): Readiness {
  if (value === true) return 'ready';
  if (value === false) return 'pending';
  return value;
}

/**
 * Polls `getVideo` until the predicate says ready; throws VideoFailedError when it says failed,
 * TimeoutError after `timeoutMs`, AbortedError when `signal` fires.
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
  const timeoutMs = options.timeoutMs ?? 600_000;
  const maxInterval = options.maxIntervalMs ?? 10_000;
  let interval = Math.min(options.intervalMs ?? 1000, maxInterval);
  const started = now();
  for (let poll = 1; ; poll++) {
    const video = await client.getVideo(videoKey, options.signal ? { signal: options.signal } : {});
    const readiness = verdict(await isReady(video, { fetch, signal: options.signal, poll }));
    const elapsedMs = now() - started;
    await options.onPoll?.({ poll, video, readiness, elapsedMs });
    if (readiness === 'ready') return video;
    if (readiness === 'failed') {
      throw new VideoFailedError(`video ${videoKey} failed processing`, {
        operation: 'getVideo',
        body: video,
      });
    }
    const left = timeoutMs - (now() - started);
    if (left <= 0) {
      throw new TimeoutError(`video ${videoKey} was not ready after ${timeoutMs} ms (${poll} polls)`, {
        operation: 'getVideo',
        body: video,
      });
    }
    await sleep(Math.min(interval, left), options.signal);
    interval = Math.min(maxInterval, Math.round(interval * 1.5));
  }
}
