/**
 * The client alone on Node (no DOM), against the mock through msw: the page's flow with the
 * client's defaults, and the mock's clock moved by the client's own waits (`sleep`).
 */
import { createVideoApiClient, playlistUrl } from '@video-api/client';
import { videoApiHandlers } from '@video-api/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { videoFields } from '../src/fields';

const baseUrl = 'https://video.example.test';
const { handlers, mock } = videoApiHandlers({ baseUrl, realTimeClock: false });
const server = setupServer(...handlers);
const client = createVideoApiClient({
  baseUrl,
  token: 'mock-token',
  sleep: async (ms) => mock.advanceClock(ms), // each wait of the client moves the mock's clock
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(async () => {
  server.close();
  await mock.close();
});

it('creates, uploads with progress, waits until ready and finds the playlist', async () => {
  const [video] = await client.createVideos({ projectKey: 'demo', videos: [{ title: 'On Node' }] });
  const key = video?.key as string;
  const loaded: number[] = [];
  await client.uploadSource(key, new Uint8Array(600_000).fill(7), {
    onProgress: (event) => loaded.push(event.loaded),
  });
  expect(loaded.length).toBeGreaterThan(1);
  expect(loaded.at(-1)).toBe(600_000);
  const ready = await client.waitForReady(key);
  expect(playlistUrl(ready)).toBe(`${baseUrl}/hls/${key}/playlist.m3u8`);
});

it('writes typed custom fields and reads them back as the same values', async () => {
  const [key] = await mock.seed([{ title: 'Seeded' }]);
  const values = {
    note: 'Shot on location',
    views: 42,
    featured: false,
    publishedAt: new Date(Date.UTC(2026, 10, 22, 8, 30)),
    topics: ['news', 'sport'],
  };
  await videoFields.write(client, key as string, values);
  expect(await videoFields.read(client, key as string)).toEqual(values);
});
