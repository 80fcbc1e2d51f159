// The vitest recipe of the README ("In tests, with msw"), verbatim below this comment (readme.test.ts checks it).
import { videoApiHandlers } from '@video-api/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const { handlers, mock } = videoApiHandlers({
  baseUrl: 'https://api.example.test/video',
  realTimeClock: false, // the clock moves when the test says so
});
const server = setupServer(...handlers);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' })); // msw 3: onUnhandledFrame
afterEach(async () => {
  server.resetHandlers(); // drops server.use() overrides, keeps the mock's handlers
  await mock.reset(); // forgets videos, journal and faults; restores the readings given above
});
afterAll(async () => {
  server.close();
  await mock.close();
});

it('sees an uploaded video become ready', async () => {
  const api = 'https://api.example.test/video/api';
  const auth = { authorization: 'Bearer mock-token' };
  const [key] = await mock.seed([{ title: 'Opening keynote' }]);
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(1024)]), 'clip.mp4');
  await fetch(`${api}/upload/v1/form-data/videos/${key}`, { method: 'POST', headers: auth, body: form });
  await mock.advanceClock(2000); // processing takes 2000 virtual ms unless processingMs says otherwise
  const video = await (await fetch(`${api}/v1/videos/${key}`, { headers: auth })).json();
  expect(video.status).toBe('ready');
  expect(video.primaryPlaybackUrl.hls.url).toBe(`https://api.example.test/video/hls/${key}/playlist.m3u8`);
});
