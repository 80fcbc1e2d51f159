/**
 * The placeholder plays in a browser, as a team's video page would play it (§2): headless
 * Chromium (Debian's) with hls.js 1.7, and Chromium's own HLS player, on a page of another origin;
 * the element's clock passes one second and hls.js lists both renditions.
 *
 * The duration each player finds: hls.js the media's (10 s). Chromium's own player, up to 150, one
 * that may be short by the frames its MPEG-TS parser still holds when the last segment is in: its
 * H.264 parser keeps the last access unit until the next one starts, and its ES adapter five more
 * to work out frame durations (`kHistorySize`); its HLS demuxer marks the end of the stream
 * without flushing them, so the element ends 6 frames early (9.4 s at 10 fps; 9.7 s when the same
 * pattern is written at 20 fps). The stream is whole: ffmpeg reads 100 frames per rendition,
 * 0.1 s apart, as long as the playlists say (placeholder-ffmpeg.test.ts). Chromium 156 plays all 10 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/node/index.js';
import { PLACEHOLDER_RENDITIONS, SEGMENT_COUNT, SEGMENT_SECONDS } from '../../src/playback/placeholder.js';
import { openPlayerPage, type PlayerPage } from '../support/player.js';

/** The frames Chromium's MPEG-TS parser may hold back at the end of a stream: 1 + `kHistorySize`. */
const FRAMES_HELD_AT_END = 6;

let server: RunningServer;
let player: PlayerPage;
let url: string;

beforeAll(async () => {
  server = await startServer({ port: 0 });
  const [key] = await server.app.mock.seed([{ title: 'placeholder', phase: 'ready' }]);
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
    const media = SEGMENT_COUNT * SEGMENT_SECONDS;
    const frame = 1 / Math.min(...PLACEHOLDER_RENDITIONS.map(({ fps }) => fps));
    expect(played.duration).toBeGreaterThanOrEqual(media - FRAMES_HELD_AT_END * frame - 0.001);
    expect(played.duration).toBeLessThanOrEqual(media + frame);
    expect([128, 256]).toContain(played.videoWidth);
  });
});
