/**
 * The placeholder plays in a browser, as a team's video page would play it (§2): headless
 * Chromium (Debian's) with hls.js 1.7, and Chromium's own HLS player, on a page of another origin;
 * the element's clock passes one second and hls.js lists both renditions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/index.js';
import { PLACEHOLDER_RENDITIONS, SEGMENT_COUNT, SEGMENT_SECONDS } from '../../src/playback/placeholder.js';
import { openPlayerPage, type PlayerPage } from '../support/player.js';

let server: RunningServer;
let player: PlayerPage;
let url: string;

beforeAll(async () => {
  server = await startServer({ port: 0 });
  const [key] = server.app.mock.seed([{ title: 'placeholder', phase: 'ready' }]);
  url = `${server.url}/hls/${key}/playlist.m3u8`;
  player = await openPlayerPage();
}, 60_000);
afterAll(async () => {
  await player?.close();
  await server?.close();
});

describe('the placeholder in headless Chromium', () => {
  it('plays in hls.js past one second, which lists both renditions', async () => {
    const played = await player.play(url, 'hls.js', 1);
    expect(played.errors).toEqual([]);
    expect(played.currentTime).toBeGreaterThan(1);
    expect(played.duration).toBeCloseTo(SEGMENT_COUNT * SEGMENT_SECONDS, 0);
    expect(played.levels.map(({ width, height }) => `${width}x${height}`).sort()).toEqual(
      PLACEHOLDER_RENDITIONS.map(({ width, height }) => `${width}x${height}`).sort(),
    );
  });

  it("plays in Chromium's own HLS player past one second", async () => {
    const played = await player.play(url, 'native', 1);
    expect(played.errors).toEqual([]);
    expect(played.currentTime).toBeGreaterThan(1);
    expect(played.duration).toBeCloseTo(SEGMENT_COUNT * SEGMENT_SECONDS, 0);
    expect([128, 256]).toContain(played.videoWidth);
  });
});
