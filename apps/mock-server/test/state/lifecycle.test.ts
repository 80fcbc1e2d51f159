import { describe, expect, it } from 'vitest';
import { crc32Mpeg2, placeholderSegment } from '../../src/playback/mpeg-ts.js';
import type { VideoEvent } from '../../src/state/events.js';
import { api } from '../support/api.js';

describe('lifecycle on the virtual clock (§3)', () => {
  it('processes an upload and is ready after processingMs, emitting one event per state change', async () => {
    const { app, keys, upload, get } = api({ processingMs: 500, readings: { 'video-states': 'detailed' } });
    const events: VideoEvent[] = [];
    app.mock.onEvent((event) => events.push(event));
    const [key = ''] = await keys();
    await upload(key);
    app.mock.advanceClock(249);
    expect(await (await get(key)).json()).toMatchObject({ status: 'uploaded' });
    app.mock.advanceClock(1);
    expect(await (await get(key)).json()).toMatchObject({ status: 'processing' });
    app.mock.advanceClock(250);
    expect(await (await get(key)).json()).toMatchObject({ status: 'ready' });
    expect(events.map((event) => [event.previousState, event.state])).toEqual([
      [null, 'created'],
      ['created', 'uploading'],
      ['uploading', 'uploaded'],
      ['uploaded', 'processing'],
      ['processing', 'ready'],
    ]);
    expect(events.at(-1)?.video).toMatchObject({ videoKey: key, status: 'ready' });
    expect(Date.parse(events.at(-1)?.occurredAt ?? '')).toBe(app.mock.now());
  });

  it('fails processing on demand and by a seeded failure rate', async () => {
    const { app, keys, upload, get } = api({ failureRate: 1 });
    const [a = '', b = ''] = await keys(2);
    await upload(a);
    app.mock.advanceClock(2000);
    expect(await (await get(a)).json()).toMatchObject({ status: 'failed' });
    app.mock.fail(b);
    expect(await (await get(b)).json()).toMatchObject({ status: 'failed' });
  });

  it('advances in real time by default', async () => {
    const { app, keys, upload, get } = api({ realTimeClock: true, processingMs: 0 });
    const [key = ''] = await keys();
    const ready = new Promise<void>((resolve) =>
      app.mock.onEvent((event) => {
        if (event.state === 'ready') resolve();
      }),
    );
    await upload(key);
    await ready;
    expect(await (await get(key)).json()).toMatchObject({ status: 'ready' });
  });
});

describe('playback (§2)', () => {
  it('serves a valid HLS media playlist and MPEG-TS segment once ready, a 404 before', async () => {
    const { app, keys, upload } = api();
    const [key = ''] = await keys();
    const before = await app.request(`/hls/${key}/playlist.m3u8`);
    expect(before.status).toBe(404);
    expect(((await before.json()) as { detail: string }).detail).toContain('not ready');
    await upload(key);
    app.mock.makeReady(key);
    const playlist = await app.request(`/hls/${key}/playlist.m3u8`);
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const text = await playlist.text();
    for (const tag of [
      '#EXTM3U',
      '#EXT-X-VERSION:',
      '#EXT-X-TARGETDURATION:',
      '#EXTINF:',
      '#EXT-X-ENDLIST',
    ]) {
      expect(text).toContain(tag);
    }
    const segmentName = text.split('\n').find((line) => line.endsWith('.ts')) ?? '';
    const segment = await app.request(`/hls/${key}/${segmentName}`);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    const bytes = new Uint8Array(await segment.arrayBuffer());
    expect(bytes.length % 188).toBe(0);
    for (let at = 0; at < bytes.length; at += 188) expect(bytes[at]).toBe(0x47);
  });

  it('says why a video cannot be played in the state GET shows, and that a failure is final', async () => {
    const { app, keys, upload } = api();
    const [key = ''] = await keys();
    await upload(key);
    const uploaded = await app.request(`/hls/${key}/playlist.m3u8`);
    // Under the default video-states reading (basic) GET shows an uploaded video as processing.
    expect(((await uploaded.json()) as { detail: string }).detail).toBe(
      `Video "${key}" is not ready for playback yet (state: processing).`,
    );
    const detailed = await app.request(`/hls/${key}/playlist.m3u8`, {
      headers: { 'x-mock-reading': 'video-states=detailed' },
    });
    expect(((await detailed.json()) as { detail: string }).detail).toContain('(state: uploaded)');
    app.mock.fail(key);
    const failed = await app.request(`/hls/${key}/playlist.m3u8`);
    expect(failed.status).toBe(404);
    expect(((await failed.json()) as { detail: string }).detail).toBe(
      `Video "${key}" failed processing and will not become playable (state: failed); upload its source again.`,
    );
  });

  it('writes PSI sections whose CRC checks (PAT and PMT)', () => {
    const ts = placeholderSegment();
    for (const start of [0, 188]) {
      const sectionStart = start + 5; // header (4) + pointer field (1)
      const length = (((ts[sectionStart + 1] ?? 0) & 0x0f) << 8) | (ts[sectionStart + 2] ?? 0);
      // A section including its CRC has a CRC of 0.
      expect(crc32Mpeg2(ts.subarray(sectionStart, sectionStart + 3 + length))).toBe(0);
    }
    expect(crc32Mpeg2(new TextEncoder().encode('123456789'))).toBe(0x0376e6e7);
  });

  it('URL-encodes keys in the playlist address', async () => {
    const { app } = api();
    app.mock.seed([{ key: 'a b/c', title: 't' }]);
    const res = await app.request('/api/v1/videos/a%20b%2Fc', {
      headers: { authorization: 'Bearer mock-token' },
    });
    expect(
      ((await res.json()) as { primaryPlaybackUrl: { hls: { url: string } } }).primaryPlaybackUrl.hls.url,
    ).toBe('http://localhost/hls/a%20b%2Fc/playlist.m3u8');
  });
});

describe('uploads in-process (§4.2)', () => {
  it('answers 415 for a body that is not multipart, 404 for an unknown key, 400 without a file', async () => {
    const { app, keys } = api();
    const [key = ''] = await keys();
    const url = `/api/upload/v1/form-data/videos/${key}`;
    const headers = { authorization: 'Bearer mock-token' };
    const plain = await app.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'video/mp4' },
      body: 'x',
    });
    expect(plain.status).toBe(415);
    const form = new FormData();
    form.set('other', 'value');
    const missing = await app.request(url, { method: 'POST', headers, body: form });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain('/file');
    const unknown = await app.request('/api/upload/v1/form-data/videos/nope', {
      method: 'POST',
      headers,
      body: form,
    });
    expect(unknown.status).toBe(404);
    expect(app.mock.sourceOf(key)).toBeUndefined();
    expect(app.mock.paths().temp).toBeTruthy();
  });
});
