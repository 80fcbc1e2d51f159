/**
 * Sandboxes through msw's setupServer: under the handlers' base URL (with a path prefix), the same
 * isolation as over HTTP, and playback under a separate streaming base still per sandbox.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoApiHandlers } from '../../src/msw.js';
import { isolationStory } from '../sandbox/support/isolation.js';
import { AUTH, create, followPlaylist, playlistOf, upload } from './support/flow.js';
import { REFUSE_UNHANDLED } from './support/unhandled.js';

const BASE = 'https://api.example.test/video';
const CDN = 'https://cdn.example.test/media';
const served = videoApiHandlers({ baseUrl: BASE, realTimeClock: false });
const streamed = videoApiHandlers({
  baseUrl: 'https://other.example.test',
  streamingBase: CDN,
  realTimeClock: false,
});
const server = setupServer(...served.handlers, ...streamed.handlers);

beforeAll(() => server.listen(REFUSE_UNHANDLED));
afterAll(async () => {
  server.close();
  await Promise.all([served.mock.close(), streamed.mock.close()]);
});

describe('sandboxes under msw', () => {
  it('isolate keys, videos, clock, readings, journal, faults and resets under the base URL', async () => {
    await isolationStory(fetch, BASE);
    expect(await served.mock.sandboxes.list()).toEqual(['w1', 'w2']);
  });

  it('play under the streaming base, each sandbox under its own prefix there', async () => {
    const video = await create('https://other.example.test/sandboxes/w3');
    const key = video.key as string;
    expect(playlistOf(video)).toBe(`${CDN}/sandboxes/w3/hls/${key}/playlist.m3u8`);
    const res = await upload('https://other.example.test/sandboxes/w3', key, new Uint8Array([1, 2, 3]));
    expect(res.status).toBeLessThan(300);
    await streamed.mock.sandboxes.get('w3').advanceClock(60_000);
    const fetched = await followPlaylist(playlistOf(video));
    expect(fetched.every((url) => url.startsWith(`${CDN}/sandboxes/w3/hls/`))).toBe(true);
    // The default state has no such video.
    const other = await fetch(`https://other.example.test/api/v1/videos/${key}`, { headers: AUTH });
    expect(other.status).toBe(404);
  });

  it('answer a bad X-Mock-Sandbox with the mock’s own error', async () => {
    const res = await fetch(`${BASE}/api/v1/videos/v-0001`, {
      headers: { ...AUTH, 'x-mock-sandbox': 'no/pe' },
    });
    expect([res.status, res.headers.get('x-mock-error')]).toEqual([400, 'mock-header']);
  });
});
