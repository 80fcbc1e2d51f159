/**
 * The placeholder as ffmpeg reads it over HTTP from a running mock: each rendition is H.264 of the
 * size its playlist says, as long as its playlists say, and decodes to every frame with its
 * progress bar where it belongs; HEAD over the socket as a player sends it. The committed media is
 * what its script makes with this ffmpeg.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/node/index.js';
import { PLACEHOLDER_RENDITIONS, SEGMENT_COUNT, SEGMENT_SECONDS } from '../../src/playback/placeholder.js';
import { probe, run } from '../support/ffmpeg.js';

let server: RunningServer;
let base: string;

beforeAll(async () => {
  server = await startServer({ port: 0 });
  const [key] = await server.app.mock.seed([{ title: 'placeholder', phase: 'ready' }]);
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

  it("decodes to every frame, the progress bar filled to each frame's place in the video", async () => {
    for (const rendition of PLACEHOLDER_RENDITIONS) {
      const { width, height, fps } = rendition;
      const raw = await run('ffmpeg', [
        ...['-v', 'error', '-i', `${base}/${rendition.name}/playlist.m3u8`],
        ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-'],
      ]);
      const frames = SEGMENT_COUNT * SEGMENT_SECONDS * fps;
      const frameSize = width * height * 1.5;
      expect(raw.length).toBe(frames * frameSize);
      // The bar is the middle third of the band under the colour bars (scripts/placeholder-media.mjs).
      const row = (height * 3) / 4 + height / 8;
      for (let n = 0; n < frames; n++) {
        const luma = raw.subarray(n * frameSize + row * width, n * frameSize + (row + 1) * width);
        const filled = luma.filter((y) => y > 128).length;
        // Within 4 px: the encoder softens the bar's edge, and 4:2:0 places it on even columns.
        const expected = (width * (n + 1)) / frames;
        expect(Math.abs(filled - expected), `${rendition.name} frame ${n}`).toBeLessThanOrEqual(4);
      }
    }
  });

  it('is the media scripts/placeholder-media.mjs makes (committed, drift-checked)', async () => {
    const script = fileURLToPath(new URL('../../scripts/placeholder-media.mjs', import.meta.url));
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [script, '--check'], (error, stdout, stderr) =>
        error ? reject(new Error(`${stdout}${stderr}`)) : resolve(stdout),
      ),
    );
    expect(out).toMatch(/the committed module matches/);
  });
});
