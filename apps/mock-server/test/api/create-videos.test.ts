import { describe, expect, it } from 'vitest';
import { api, played } from '../support/api.js';

describe('POST /api/v1/videos (§4.1)', () => {
  it('creates one record per entry, in order, with a key and an .m3u8 playback address', async () => {
    const { create } = api();
    const res = await create({
      projectKey: 'demo',
      videos: [{ title: 'Opening keynote', tags: ['a'] }, { title: 'Closing' }],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      key: string;
      title: string;
      primaryPlaybackUrl: { hls: { url: string } };
    }[];
    expect(body.map((video) => video.title)).toEqual(['Opening keynote', 'Closing']);
    expect(new Set(body.map((video) => video.key)).size).toBe(2);
    for (const video of body) {
      expect(video.primaryPlaybackUrl.hls.url).toBe(`http://localhost/hls/${video.key}/playlist.m3u8`);
    }
  });

  it('puts playback addresses under the streaming base when one is set', async () => {
    const { create } = api({ streamingBase: 'https://stream.example.test/base/' });
    const [video] = (await (await create({ projectKey: 'p', videos: [{ title: 't' }] })).json()) as {
      key: string;
      primaryPlaybackUrl: { hls: { url: string } };
    }[];
    expect(video?.primaryPlaybackUrl.hls.url).toBe(
      `https://stream.example.test/base/hls/${video?.key}/playlist.m3u8`,
    );
  });

  it.each([
    ['a body without projectKey', { videos: [] }, '/projectKey'],
    ['a video without a title', { projectKey: 'p', videos: [{}] }, '/videos/0/title'],
    [
      'tags that are not strings',
      { projectKey: 'p', videos: [{ title: 't', tags: [1] }] },
      '/videos/0/tags/0',
    ],
    ['videos that is not an array', { projectKey: 'p', videos: 'x' }, '/videos'],
  ])('answers 400 naming the pointer for %s', async (_, body, pointer) => {
    const { create } = api();
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await res.json()) as { errors: { pointer: string }[] };
    expect(problem.errors.map((error) => error.pointer)).toContain(pointer);
  });

  it('answers 400 for text that is not JSON and 415 for a body that is not JSON', async () => {
    const { create, app } = api();
    expect((await create('{not json')).status).toBe(400);
    const res = await app.request('/api/v1/videos', {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token', 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(415);
  });

  it('answers 413 for a JSON body over 1 MiB', async () => {
    const { create } = api();
    const res = await create({ projectKey: 'p', videos: [{ title: 'x'.repeat(1024 * 1024 + 1) }] });
    expect(res.status).toBe(413);
  });

  it('names the readings it played', async () => {
    const { create } = api();
    const res = await create({ projectKey: 'p', videos: [{ title: 't' }] });
    expect(played(res)).toMatchObject({
      'status-codes': 'all-200',
      'videos-per-create-limit': 'unlimited',
      'create-answer-order': 'request-order',
    });
  });
});
