/**
 * A transcoded upload plays its own content (§2, §3): a clip made by ffmpeg here is uploaded to a
 * mock that transcodes; once ready, ffprobe finds H.264 (and AAC) of the listed size in each
 * rendition, and headless Chromium plays it with hls.js (both renditions listed) and with its own
 * player: the element's clock advances, its duration within 10 % of the source's.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/node/index.js';
import { probe } from '../support/ffmpeg.js';
import { openPlayerPage, type PlayerPage } from '../support/player.js';
import { clip, until } from '../support/transcode.js';

const AUTH = { authorization: 'Bearer mock-token' };
let server: RunningServer;
let player: PlayerPage;
let url: string;
let sourceSeconds: number;

beforeAll(async () => {
  const file = await clip(6);
  sourceSeconds = (await probe(file)).duration;
  server = await startServer({ port: 0, transcode: 'on', processingMs: 0 });
  const created = await fetch(`${server.url}/api/v1/videos`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'play', videos: [{ title: 'clip' }] }),
  });
  const [video] = (await created.json()) as { key: string; primaryPlaybackUrl: { hls: { url: string } } }[];
  const form = new FormData();
  form.set('file', new Blob([readFileSync(file)]), 'clip.mp4');
  const uploaded = await fetch(`${server.url}/api/upload/v1/form-data/videos/${video?.key}`, {
    method: 'POST',
    headers: AUTH,
    body: form,
  });
  expect(uploaded.status).toBe(200);
  await until(async () => {
    const res = await fetch(`${server.url}/api/v1/videos/${video?.key}`, { headers: AUTH });
    return ((await res.json()) as { status: string }).status === 'ready';
  }, 'the video to be ready');
  url = video?.primaryPlaybackUrl.hls.url ?? '';
  player = await openPlayerPage();
}, 120_000);
afterAll(async () => {
  await player?.close();
  await server?.close();
});

/** The renditions the multivariant playlist lists: URI and RESOLUTION. */
async function listed(): Promise<{ uri: string; width: number; height: number }[]> {
  const master = await (await fetch(url)).text();
  return [...master.matchAll(/RESOLUTION=(\d+)x(\d+)[^\n]*\n(\S+)/g)].map((m) => ({
    uri: new URL(m[3] ?? '', url).href,
    width: Number(m[1]),
    height: Number(m[2]),
  }));
}

describe('a transcoded upload', { timeout: 120_000 }, () => {
  it('has renditions of H.264 and AAC of the listed sizes, as long as the source', async () => {
    const renditions = await listed();
    expect(renditions.map(({ width, height }) => `${width}x${height}`)).toEqual(['1280x720', '640x360']);
    for (const rendition of renditions) {
      const { streams, duration } = await probe(rendition.uri);
      const video = streams.find((stream) => stream.codec_type === 'video');
      expect(video).toMatchObject({ codec_name: 'h264', width: rendition.width, height: rendition.height });
      expect(streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      expect(Math.abs(duration - sourceSeconds) / sourceSeconds).toBeLessThan(0.1);
    }
  });

  it('plays in hls.js, which lists both renditions, for as long as the source', async () => {
    const played = await player.play(url, 'hls.js', 1.5);
    expect(played.errors).toEqual([]);
    expect(played.currentTime).toBeGreaterThan(1.5);
    expect(Math.abs(played.duration - sourceSeconds) / sourceSeconds).toBeLessThan(0.1);
    expect(played.levels.map(({ width, height }) => `${width}x${height}`).sort()).toEqual([
      '1280x720',
      '640x360',
    ]);
    expect([720, 360]).toContain(played.videoHeight); // its own content, not the placeholder's 144 or 72 lines
  });

  it("plays in Chromium's own HLS player, for as long as the source", async () => {
    const played = await player.play(url, 'native', 1.5);
    expect(played.errors).toEqual([]);
    expect(played.currentTime).toBeGreaterThan(1.5);
    expect(Math.abs(played.duration - sourceSeconds) / sourceSeconds).toBeLessThan(0.1);
    expect([720, 360]).toContain(played.videoHeight);
  });
});
