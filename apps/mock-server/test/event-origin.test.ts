/**
 * The playback address in an event's video (webhooks, `mock.onEvent`) is under the origin of the
 * request that caused it, or this server's own address: never the Host of whatever came in last.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/node/index.js';
import { type RunningServer, startServer } from '../src/node/server/server.js';
import type { VideoEvent } from '../src/state/events.js';
import type { MockApp } from '../src/types.js';

const AUTH = { authorization: 'Bearer mock-token' };
const apps: MockApp[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const urlOf = (event: VideoEvent | undefined) =>
  (event?.video as { primaryPlaybackUrl?: { hls?: { url?: string } } } | undefined)?.primaryPlaybackUrl?.hls
    ?.url;

describe('event origins', () => {
  it('a ready event keeps the origin of the upload, whatever Host came in since', async () => {
    const app = createApp({ realTimeClock: false, readings: { 'video-record-fields': 'with-extra-fields' } });
    apps.push(app);
    const events: VideoEvent[] = [];
    app.mock.onEvent((event) => events.push(event));
    const created = await app.request('http://mock.example:4010/api/v1/videos', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'clip' }] }),
    });
    const [{ key }] = (await created.json()) as [{ key: string }];
    const form = new FormData();
    form.set('file', new Blob(['bytes']), 'clip.mp4');
    await app.request(`http://mock.example:4010/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: AUTH,
      body: form,
    });
    const other = await app.request(`http://elsewhere.example/api/v1/videos/${key}`, { headers: AUTH });
    expect(
      ((await other.json()) as { primaryPlaybackUrl: { hls: { url: string } } }).primaryPlaybackUrl.hls.url,
    ).toBe(`http://elsewhere.example/hls/${key}/playlist.m3u8`);
    await app.mock.advanceClock(10_000);
    await app.request(`http://elsewhere.example/api/v1/videos/${key}`, { headers: AUTH });
    const ready = events.find((event) => event.state === 'ready');
    expect(urlOf(ready)).toBe(`http://mock.example:4010/hls/${key}/playlist.m3u8`);
    expect(events.map(urlOf).every((url) => url?.startsWith('http://mock.example:4010/'))).toBe(true);
  });

  it("an event no request caused is under the server's own address", async () => {
    const server = await startServer({ port: 0, realTimeClock: false });
    servers.push(server);
    const events: VideoEvent[] = [];
    server.app.mock.onEvent((event) => events.push(event));
    const [key = ''] = await server.app.mock.seed([{ title: 'clip' }]);
    await fetch(`${server.url}/api/v1/videos/${key}`, { headers: { ...AUTH, host: 'spoofed.example' } });
    await server.app.mock.makeReady(key);
    expect(urlOf(events.at(-1))).toBe(`${server.url}/hls/${key}/playlist.m3u8`);
  });
});
