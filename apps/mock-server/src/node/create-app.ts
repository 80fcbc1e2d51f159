/**
 * createApp under Node: the portable app on the Node platform (disk, SQLite, busboy, ffmpeg), its
 * requests served over a socket given their host binding (./server/host-request.ts).
 */
import { createApp as createPortableApp } from '../app.js';
import type { MockApp, MockOptions, TranscodeOptions } from '../types.js';
import { nodePlatform } from './platform.js';
import { withHostRequest } from './server/host-request.js';
import { transcoderFor } from './transcode/open-transcoder.js';

/**
 * Creates the mock app with Node's adapters. It never listens: serve it with `startServer`, or
 * call `app.request()`. With `transcode`, uploads get real HLS renditions made by ffmpeg.
 *
 * @example
 * const app = createApp({ readings: { 'custom-fields-omitted': 'replace' } });
 * const res = await app.request('/api/v1/videos/v-0001', { headers: { authorization: 'Bearer mock-token' } });
 * await app.mock.close();
 */
export function createApp(options: MockOptions & TranscodeOptions = {}): MockApp {
  const { transcode, transcodeConcurrency, ...rest } = options;
  const openProcessor = transcoderFor({ transcode, transcodeConcurrency });
  return withHostRequest(createPortableApp(rest, { ...nodePlatform(), openProcessor }));
}
