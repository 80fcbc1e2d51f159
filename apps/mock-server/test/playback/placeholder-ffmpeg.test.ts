/**
 * The placeholder as ffmpeg reads it over HTTP from a running mock: each rendition is H.264 of the
 * size its playlist says, as long as its playlists say, and decodes to exactly the test pattern
 * the mock drew (I_PCM macroblocks keep every sample); HEAD over the socket as a player sends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/index.js';
import { PLACEHOLDER_RENDITIONS, SEGMENT_COUNT, SEGMENT_SECONDS } from '../../src/playback/placeholder.js';
import { testPattern } from '../../src/playback/test-pattern.js';
import { probe, run } from '../support/ffmpeg.js';

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startServer({ port: 0 });
  const [key] = server.app.mock.seed([{ title: 'placeholder', phase: 'ready' }]);
  base = `${server.url}/hls/${key}`;
});
afterAll(() => server?.close());

describe('the placeholder read by ffmpeg', () => {
  it('has H.264 renditions of the listed size and of the playlists’ duration', async () => {
    const master = await (await fetch(`${base}/playlist.m3u8`)).text();
    for (const rendition of PLACEHOLDER_RENDITIONS) {
      expect(master).toContain(`RESOLUTION=${rendition.width}x${rendition.height}`);
      const { streams, duration } = await probe(`${base}/${rendition.name}/playlist.m3u8`);
      expect(streams).toHaveLength(1);
      expect(streams[0]).toMatchObject({
        codec_type: 'video',
        codec_name: 'h264',
        profile: 'Constrained Baseline',
        width: rendition.width,
        height: rendition.height,
      });
      expect(duration).toBeCloseTo(SEGMENT_COUNT * SEGMENT_SECONDS, 1);
    }
  });

  it('has one frame every 1/fps s in every segment, ending where its EXTINF says', async () => {
    // What a player's duration rests on (see placeholder-browser.test.ts for Chromium 150's 9.4 s).
    for (const rendition of PLACEHOLDER_RENDITIONS) {
      const starts: number[] = [];
      for (let index = 0; index < SEGMENT_COUNT; index++) {
        const csv = await run('ffprobe', [
          ...['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0'],
          `${base}/${rendition.name}/segment${index}.ts`,
        ]);
        const packets = csv
          .toString()
          .trim()
          .split('\n')
          .filter((line) => /^[\d.]+,[\d.]+/.test(line)) // not the side data lines
          .map((line) => line.split(',').map(Number));
        expect(packets).toHaveLength(SEGMENT_SECONDS * rendition.fps);
        for (const [n, [pts = Number.NaN, duration = Number.NaN]] of packets.entries()) {
          expect(duration).toBeCloseTo(1 / rendition.fps, 6);
          expect(pts - (packets[0]?.[0] ?? 0)).toBeCloseTo(n / rendition.fps, 6);
        }
        starts.push(packets[0]?.[0] ?? Number.NaN);
      }
      // Segments follow one another: each starts where the one before ends (EXTINF 2 s).
      for (const [index, start] of starts.entries())
        expect(start - (starts[0] ?? 0)).toBeCloseTo(index * SEGMENT_SECONDS, 6);
    }
  });

  it('answers HEAD over a socket with the headers of GET and no body', async () => {
    for (const path of ['playlist.m3u8', '72p/playlist.m3u8', '72p/segment0.ts']) {
      const get = await fetch(`${base}/${path}`);
      const size = (await get.arrayBuffer()).byteLength;
      const head = await fetch(`${base}/${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-length')).toBe(String(size));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('decodes to exactly the test pattern, frame by frame', async () => {
    for (const rendition of PLACEHOLDER_RENDITIONS) {
      const { width, height, fps } = rendition;
      const raw = await run('ffmpeg', [
        ...['-v', 'error', '-i', `${base}/${rendition.name}/playlist.m3u8`],
        ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-'],
      ]);
      const frames = SEGMENT_COUNT * SEGMENT_SECONDS * fps;
      const lumaSize = width * height;
      const frameSize = lumaSize * 1.5;
      expect(raw.length).toBe(frames * frameSize);
      const codedWidth = Math.ceil(width / 16) * 16;
      let different = 0;
      for (let n = 0; n < frames; n++) {
        const drawn = testPattern(rendition, n, frames);
        const frame = raw.subarray(n * frameSize, (n + 1) * frameSize);
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++)
            if (frame[y * width + x] !== drawn.y[y * codedWidth + x]) different++;
        }
        for (let y = 0; y < height / 2; y++) {
          for (let x = 0; x < width / 2; x++) {
            const at = y * (codedWidth / 2) + x;
            if (frame[lumaSize + y * (width / 2) + x] !== drawn.cb[at]) different++;
            if (frame[lumaSize * 1.25 + y * (width / 2) + x] !== drawn.cr[at]) different++;
          }
        }
      }
      expect(different).toBe(0);
    }
  });
});
