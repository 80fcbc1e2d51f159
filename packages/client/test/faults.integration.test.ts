import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, RateLimitedError, ServerError } from '../src/index.js';
import { startMock } from './support/mock.js';

describe('retries meeting faults injected in the mock', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  let key: string;
  beforeAll(async () => {
    mock = await startMock('in-process');
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'f' }] });
    key = video?.key as string;
  });
  afterAll(() => mock.close());
  afterEach(() => {
    mock.mock.faults.clear();
    mock.delays.length = 0;
  });

  it('gets a video through two injected 503s, backing off between attempts', async () => {
    mock.mock.faults.add({ route: 'getVideo', errorRate: 1, errorStatus: 503, times: 2 });
    const sent = mock.count('getVideo');
    await expect(mock.client.getVideo(key)).resolves.toMatchObject({ videoKey: key });
    expect(sent()).toBe(3);
    expect(mock.delays).toEqual([100, 200]);
  });

  it('writes custom fields through an injected 500', async () => {
    mock.mock.faults.add({ route: 'updateCustomFields', errorRate: 1, errorStatus: 500, times: 1 });
    const video = await mock.client.updateCustomFields(key, { note: 'retried' });
    expect(video.simpleCustomFields.note).toBe('retried');
  });

  it('waits exactly the Retry-After of a 429 before trying again', async () => {
    mock.mock.faults.add({
      route: 'getVideo',
      rateLimit: { limit: 1, windowMs: 60_000, retryAfterSeconds: 2 },
      times: 2,
    });
    await mock.client.getVideo(key);
    const sent = mock.count('getVideo');
    await mock.client.getVideo(key);
    expect(sent()).toBe(2);
    expect(mock.delays).toEqual([2000]);
  });

  it('gives up with the last error once retries run out', async () => {
    mock.mock.faults.add({ route: 'getVideo', errorRate: 1, errorStatus: 503, times: 5 });
    const error = await mock.client.getVideo(key, { retry: { retries: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, attempts: 2 });
  });

  it('never retries create after an injected 503, even when retries are asked for', async () => {
    mock.mock.faults.add({ route: 'createVideos', errorRate: 1, errorStatus: 503, times: 1 });
    const sent = mock.count('createVideos');
    await expect(
      mock.client.createVideos(
        { projectKey: 'demo', videos: [{ title: 'once' }] },
        { retry: { retries: 3 } },
      ),
    ).rejects.toBeInstanceOf(ServerError);
    expect(sent()).toBe(1);
  });

  it('retries create after a 429 when asked, honouring Retry-After', async () => {
    mock.mock.faults.add({
      route: 'createVideos',
      rateLimit: { limit: 1, windowMs: 60_000, retryAfterSeconds: 1 },
      times: 2,
    });
    await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'a' }] });
    await expect(
      mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'b' }] }),
    ).rejects.toBeInstanceOf(RateLimitedError);
    mock.mock.faults.add({
      route: 'createVideos',
      rateLimit: { limit: 1, windowMs: 60_000, retryAfterSeconds: 1 },
      times: 2,
    });
    await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'c' }] });
    const [made] = await mock.client.createVideos(
      { projectKey: 'demo', videos: [{ title: 'd' }] },
      { retry: { retries: 1 } },
    );
    expect(made?.title).toBe('d');
    expect(mock.delays).toEqual([1000]);
  });
});

describe('retries over HTTP', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock('over HTTP');
  });
  afterAll(() => mock.close());

  it('gets a video through a connection reset', async () => {
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'r' }] });
    mock.mock.faults.add({ route: 'getVideo', resetRate: 1, times: 1 });
    await expect(mock.client.getVideo(video?.key as string)).resolves.toMatchObject({ videoKey: video?.key });
    expect(mock.delays).toHaveLength(1);
  });

  it('reports a reset as NetworkError when retries are off', async () => {
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'r' }] });
    mock.mock.faults.add({ route: 'getVideo', resetRate: 1, times: 1 });
    await expect(mock.client.getVideo(video?.key as string, { retry: false })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });
});
