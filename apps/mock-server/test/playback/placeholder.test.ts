/**
 * The placeholder a ready video plays (§2): a multivariant playlist of two renditions whose
 * attributes match the media, VOD media playlists whose EXTINF are the segments' real durations,
 * and segments of H.264 in MPEG-TS (made once by ffmpeg), read back here with a reader of our own; content types, HEAD
 * and CORS as a player expects; a 404 that says why before the video is ready.
 */
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_RENDITIONS } from '../../src/playback/placeholder.js';
import { api } from '../support/api.js';
import { crc32Mpeg2, nalUnits, packets, pesPackets } from './ts-reader.js';

async function readyVideo() {
  const h = api();
  const [key = ''] = await h.keys();
  await h.upload(key);
  await h.app.mock.makeReady(key);
  const text = async (path: string) => (await h.app.request(`/hls/${key}/${path}`)).text();
  const bytes = async (path: string) =>
    new Uint8Array(await (await h.app.request(`/hls/${key}/${path}`)).arrayBuffer());
  return { ...h, key, text, bytes };
}

/** `#EXT-X-STREAM-INF` attributes and URI of each variant. */
function variants(master: string): { attributes: Record<string, string>; uri: string }[] {
  const lines = master.trim().split('\n');
  return lines.flatMap((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return [];
    const attributes = Object.fromEntries(
      [...line.slice(18).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)].map((m) => [
        m[1],
        (m[2] ?? '').replace(/"/g, ''),
      ]),
    );
    return [{ attributes, uri: lines[i + 1] ?? '' }];
  });
}

const VIDEO_PID = 0x100;

describe('the placeholder (§2)', () => {
  it('lists two renditions whose RESOLUTION, CODECS and BANDWIDTH match their media', async () => {
    const { text, bytes } = await readyVideo();
    const listed = variants(await text('playlist.m3u8'));
    expect(listed.map((variant) => variant.uri)).toEqual(['144p/playlist.m3u8', '72p/playlist.m3u8']);
    for (const { attributes, uri } of listed) {
      const rendition = uri.split('/')[0] ?? '';
      const media = await text(uri);
      const segments = media.split('\n').filter((line) => line.endsWith('.ts'));
      const sizes = await Promise.all(
        segments.map(async (name) => (await bytes(`${rendition}/${name}`)).length),
      );
      // BANDWIDTH is the peak segment bit rate (RFC 8216 §4.3.4.2), each segment lasting 2 s.
      expect(Number(attributes.BANDWIDTH)).toBe(Math.ceil((Math.max(...sizes) * 8) / 2));
      const first = pesPackets(await bytes(`${rendition}/${segments[0]}`), VIDEO_PID)[0];
      const sps = nalUnits(first?.data ?? new Uint8Array()).find((nal) => ((nal[0] ?? 0) & 0x1f) === 7);
      const codec = `avc1.${Buffer.from(sps?.subarray(1, 4) ?? []).toString('hex')}`;
      expect(attributes.CODECS).toBe(codec);
      const format = PLACEHOLDER_RENDITIONS.find((candidate) => candidate.name === rendition);
      expect(attributes.RESOLUTION).toBe(`${format?.width}x${format?.height}`);
    }
  });

  it('has VOD media playlists whose EXTINF are the real durations of their segments', async () => {
    const { text, bytes } = await readyVideo();
    for (const { name, fps } of PLACEHOLDER_RENDITIONS) {
      const media = await text(`${name}/playlist.m3u8`);
      expect(media).toMatch(/^#EXTM3U\n/);
      expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(media.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const entries = [...media.matchAll(/#EXTINF:([\d.]+),\n(\S+)/g)];
      expect(entries.length).toBeGreaterThanOrEqual(2);
      const times: number[] = [];
      for (const [, duration, segment] of entries) {
        const frames = pesPackets(await bytes(`${name}/${segment}`), VIDEO_PID);
        expect(frames[0]?.randomAccess).toBe(true); // every segment starts with a key frame
        expect(frames.length / fps).toBeCloseTo(Number(duration), 6);
        times.push(...frames.map((frame) => frame.pts));
      }
      // One frame every 1/fps s, on from one segment to the next.
      expect(times.map((pts) => pts - (times[0] ?? 0))).toEqual(times.map((_, n) => (n * 90_000) / fps));
    }
  });

  it('writes segments of 188-byte packets: PSI whose CRC checks, counters in order, a PCR with each frame', async () => {
    const { bytes } = await readyVideo();
    const segment = await bytes('72p/segment1.ts');
    expect(segment.length % 188).toBe(0);
    const all = packets(segment);
    expect(all.slice(0, 2).map((packet) => packet.pid)).toEqual([0, 0x1000]); // PAT, PMT
    for (const psi of all.slice(0, 2)) {
      const section = psi.payload.subarray(1); // after the pointer field
      const length = (((section[1] ?? 0) & 0x0f) << 8) | (section[2] ?? 0);
      expect(crc32Mpeg2(section.subarray(0, 3 + length))).toBe(0); // a section with its CRC checks to 0
    }
    const video = all.filter((packet) => packet.pid === VIDEO_PID);
    expect(video.map((packet) => packet.counter)).toEqual(video.map((_, i) => i % 16));
    const starts = video.filter((packet) => packet.start);
    expect(starts.every((packet) => packet.pcr !== undefined)).toBe(true);
    expect(crc32Mpeg2(new TextEncoder().encode('123456789'))).toBe(0x0376e6e7);
  });

  it('answers with content types, Content-Length and no-cache; HEAD the same headers without a body', async () => {
    const { app, key } = await readyVideo();
    for (const [path, type] of [
      ['playlist.m3u8', 'application/vnd.apple.mpegurl'],
      ['144p/playlist.m3u8', 'application/vnd.apple.mpegurl'],
      ['144p/segment0.ts', 'video/mp2t'],
    ] as const) {
      const get = await app.request(`/hls/${key}/${path}`);
      const body = new Uint8Array(await get.arrayBuffer());
      expect(get.status).toBe(200);
      expect(get.headers.get('content-type')).toBe(type);
      expect(get.headers.get('content-length')).toBe(String(body.length));
      expect(get.headers.get('cache-control')).toBe('no-cache');
      const head = await app.request(`/hls/${key}/${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(type);
      expect(head.headers.get('content-length')).toBe(String(body.length));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('lets a localhost page of another port read playlists and segments (CORS)', async () => {
    const { app, key } = await readyVideo();
    for (const path of ['playlist.m3u8', '72p/playlist.m3u8', '72p/segment0.ts']) {
      const res = await app.request(`/hls/${key}/${path}`, { headers: { origin: 'http://localhost:8080' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    }
  });

  it('answers 404 for a rendition or segment the video does not have', async () => {
    const { app, key } = await readyVideo();
    for (const path of ['1080p/playlist.m3u8', '144p/segment9.ts', '144p/segment0.mp4', '144p/other.m3u8']) {
      const res = await app.request(`/hls/${key}/${path}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { detail: string }).detail).toContain(`has no playback file "${path}"`);
    }
  });

  it('answers 404 before the video is ready, in the state GET shows, and says a failure is final', async () => {
    const { app, keys, upload } = api();
    const [key = ''] = await keys();
    const created = await app.request(`/hls/${key}/playlist.m3u8`);
    expect(created.status).toBe(404);
    expect(((await created.json()) as { detail: string }).detail).toBe(
      `Video "${key}" is not ready for playback yet (state: created).`,
    );
    await upload(key);
    // Under the default video-states reading (basic) GET shows an uploaded video as processing.
    const uploaded = await app.request(`/hls/${key}/144p/segment0.ts`);
    expect(((await uploaded.json()) as { detail: string }).detail).toBe(
      `Video "${key}" is not ready for playback yet (state: processing).`,
    );
    const detailed = await app.request(`/hls/${key}/playlist.m3u8`, {
      headers: { 'x-mock-reading': 'video-states=detailed' },
    });
    expect(((await detailed.json()) as { detail: string }).detail).toContain('(state: uploaded)');
    await app.mock.fail(key);
    const failed = await app.request(`/hls/${key}/playlist.m3u8`);
    expect(failed.status).toBe(404);
    expect(((await failed.json()) as { detail: string }).detail).toBe(
      `Video "${key}" failed processing and will not become playable (state: failed); upload its source again.`,
    );
    expect((await app.request('/hls/v-9999/playlist.m3u8')).status).toBe(404);
  });

  it('URL-encodes keys in the playlist address, and serves the placeholder there', async () => {
    const { app } = api();
    await app.mock.seed([{ key: 'a b/c', title: 't', phase: 'ready' }]);
    const res = await app.request('/api/v1/videos/a%20b%2Fc', {
      headers: { authorization: 'Bearer mock-token' },
    });
    const url = ((await res.json()) as { primaryPlaybackUrl: { hls: { url: string } } }).primaryPlaybackUrl
      .hls.url;
    expect(url).toBe('http://localhost/hls/a%20b%2Fc/playlist.m3u8');
    expect((await app.request(url)).status).toBe(200);
  });
});
