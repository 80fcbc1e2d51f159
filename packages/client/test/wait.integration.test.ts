import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, TimeoutError, VideoFailedError } from '../src/index.js';
import { startMock } from './support/mock.js';

describe('waitForReady against the mock', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock('in-process', { processingMs: 2000 });
  });
  afterAll(() => mock.close());

  async function uploaded(): Promise<string> {
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'w' }] });
    const key = video?.key as string;
    await mock.client.uploadSource(key, new Uint8Array(64));
    return key;
  }

  it.each([
    ['status-string', (video: Record<string, unknown>) => video.status],
    ['ready-flag', (video: Record<string, unknown>) => video.ready],
    ['playback-only', () => undefined],
  ])('understands the %s reading of readiness-field', async (reading, field) => {
    await mock.mock.setReadings({ 'readiness-field': reading });
    const key = await uploaded();
    const polls: string[] = [];
    const video = await mock.client.waitForReady(key, {
      intervalMs: 500,
      onPoll: async ({ readiness }) => {
        polls.push(readiness);
        await mock.mock.advanceClock(500);
      },
    });
    expect(polls).toEqual(['pending', 'pending', 'pending', 'pending', 'ready']);
    expect(field(video)).toBe(
      reading === 'status-string' ? 'ready' : reading === 'ready-flag' ? true : undefined,
    );
    await mock.mock.setReadings({ 'readiness-field': 'status-string' });
  });

  it('backs off from intervalMs up to maxIntervalMs', async () => {
    const key = await uploaded();
    mock.delays.length = 0;
    await mock.client.waitForReady(key, {
      intervalMs: 100,
      maxIntervalMs: 300,
      onPoll: async ({ poll }) => {
        if (poll === 4) await mock.mock.makeReady(key);
      },
    });
    expect(mock.delays).toEqual([100, 150, 225, 300]);
  });

  it('takes a custom predicate', async () => {
    const key = await uploaded();
    const video = await mock.client.waitForReady(key, { isReady: (v) => v.videoKey === key });
    expect(video.videoKey).toBe(key);
  });

  it('throws VideoFailedError when processing fails', async () => {
    const key = await uploaded();
    await mock.mock.fail(key);
    await expect(mock.client.waitForReady(key)).rejects.toBeInstanceOf(VideoFailedError);
  });

  it('throws TimeoutError at the deadline, with the last reading of the video', async () => {
    const key = await uploaded();
    let clock = 0;
    const error = await mock.client
      .waitForReady(key, {
        timeoutMs: 1000,
        intervalMs: 400,
        now: () => clock,
        sleep: async (ms) => {
          clock += ms;
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).message).toBe(`video ${key} was not ready after 1000 ms (3 polls)`);
    expect((error as TimeoutError).body).toMatchObject({ videoKey: key, status: 'processing' });
  });

  it('stops with AbortedError when the signal fires', async () => {
    const key = await uploaded();
    const controller = new AbortController();
    const waiting = mock.client.waitForReady(key, {
      signal: controller.signal,
      sleep: (_, signal) =>
        new Promise((_, reject) => {
          if (signal?.aborted) reject(new AbortedError('aborted'));
          signal?.addEventListener('abort', () => reject(new AbortedError('aborted')));
        }),
      onPoll: () => controller.abort(),
    });
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
  });
});
