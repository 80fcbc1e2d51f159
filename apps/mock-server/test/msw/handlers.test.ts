/**
 * The msw handlers in Node: msw's `setupServer` in front of plain `fetch`, the mock served under a
 * base URL with a path prefix. The whole document's flow, the admin API, the in-process control,
 * requests outside the base URL left to others, faults, and the reset story.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type VideoApiHandlers, videoApiHandlers } from '../../src/msw.js';
import type { VideoEvent } from '../../src/types.js';
import { EVERY_FORM } from './support/fields.js';
import { AUTH, create, followPlaylist, get, playlistOf, put, upload } from './support/flow.js';
import { REFUSE_UNHANDLED, recordUnhandled } from './support/unhandled.js';

const BASE = 'https://api.example.test/video';
const unhandled: string[] = [];
let served: VideoApiHandlers;
const server = setupServer();

beforeAll(() => {
  served = videoApiHandlers({ baseUrl: BASE, realTimeClock: false, processingMs: 1000 });
  server.resetHandlers(...served.handlers);
  recordUnhandled(server, unhandled);
  server.listen(REFUSE_UNHANDLED);
});
afterEach(async () => {
  server.resetHandlers(); // back to the initial handlers: the mock's
  await served.mock.reset(); // the mock's own state: videos, journal, readings, faults
  unhandled.length = 0;
});
afterAll(async () => {
  server.close();
  await served.mock.close();
});

describe('the mock under msw, with plain fetch', () => {
  it("plays the document's flow under a path prefix: create, upload, readiness on the clock, custom fields", async () => {
    const created = await create(BASE);
    const key = created.key as string;
    expect(playlistOf(created)).toBe(`${BASE}/hls/${key}/playlist.m3u8`);
    const bytes = new Uint8Array(1024 * 1024).map((_, i) => i % 251);
    const uploaded = await upload(BASE, key, bytes);
    expect(uploaded.status).toBe(200);
    expect((await served.mock.sourceOf(key))?.size).toBe(bytes.length);
    expect((await get(BASE, key)).status).toBe('processing');
    expect((await fetch(playlistOf(created))).status).toBe(404); // not ready yet

    await served.mock.advanceClock(1000);
    const ready = await get(BASE, key);
    expect(ready.status).toBe('ready');
    // Follow the playlists (relative addresses) down to a segment, as a player would.
    const followed = await followPlaylist(playlistOf(ready));
    expect(followed.every((url) => url.startsWith(`${BASE}/hls/${key}/`))).toBe(true);
    const segment = await fetch(followed.at(-1) as string);
    expect(segment.status).toBe(200);
    expect(new Uint8Array(await segment.arrayBuffer())[0]).toBe(0x47); // MPEG-TS sync byte
    const written = await put(BASE, key, EVERY_FORM);
    expect(written.status).toBe(200);
    expect((await get(BASE, key)).simpleCustomFields).toEqual(EVERY_FORM);
    // The app saw paths below the prefix.
    const seen = (await served.mock.journal()).map(
      (entry) => `${entry.method} ${entry.path} ${entry.status}`,
    );
    const playback = followed.map((url) => `GET ${new URL(url).pathname.slice('/video'.length)} 200`);
    expect(seen).toEqual([
      'POST /api/v1/videos 200',
      `POST /api/upload/v1/form-data/videos/${key} 200`,
      `GET /api/v1/videos/${key} 200`,
      `GET /hls/${key}/playlist.m3u8 404`,
      `GET /api/v1/videos/${key} 200`,
      ...playback,
      `PUT /api/v1/videos/${key}/custom-fields 200`,
      `GET /api/v1/videos/${key} 200`,
    ]);
  });

  it("answers with the mock's errors and readings, per server and per request", async () => {
    const noToken = await fetch(`${BASE}/api/v1/videos/v-0404`);
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const missing = await fetch(`${BASE}/api/v1/videos/v-0404`, { headers: AUTH });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('application/problem+json');
    const [key] = await served.mock.seed([{ title: 'Seeded', phase: 'ready' }]);
    const flagged = await fetch(`${BASE}/api/v1/videos/${key}`, {
      headers: { ...AUTH, 'x-mock-reading': 'readiness-field=ready-flag' },
    });
    expect(flagged.headers.get('x-mock-readings')).toContain('readiness-field=ready-flag');
    expect(await flagged.json()).toMatchObject({ videoKey: key, ready: true });
    await served.mock.setReadings({ 'error-shape': 'error-object' });
    const shaped = await fetch(`${BASE}/api/v1/videos/v-0404`, { headers: AUTH });
    expect(await shaped.json()).toMatchObject({ error: { code: expect.any(String) } });
  });

  it('refuses an upload larger than memoryUploadBytes with 413, keeping nothing', async () => {
    const small = videoApiHandlers({ baseUrl: 'https://small.example.test', memoryUploadBytes: 1024 });
    server.use(...small.handlers);
    try {
      const { key } = await create('https://small.example.test');
      const res = await upload('https://small.example.test', key as string, new Uint8Array(4096));
      expect(res.status).toBe(413);
      expect(await small.mock.sourceOf(key as string)).toBeUndefined();
    } finally {
      await small.mock.close();
    }
  });
});

describe('what lies outside baseUrl', () => {
  it("is left to msw's other handlers: sibling prefixes, the origin's root, other schemes, ports and hosts", async () => {
    // After the mock's handlers (server.use() would put it before them); restored below.
    server.resetHandlers(
      ...served.handlers,
      http.all('*', ({ request }) => HttpResponse.text(`elsewhere ${new URL(request.url).pathname}`)),
    );
    onTestFinished(() => server.resetHandlers(...served.handlers));
    for (const url of [
      'https://api.example.test/videos/api/v1/videos/v-0001',
      'https://api.example.test/api/v1/videos/v-0001',
      'https://api.example.test/',
      'http://api.example.test/video/api/v1/videos/v-0001',
      'https://api.example.test:8443/video/api/v1/videos/v-0001',
      'https://other.example.test/video/api/v1/videos/v-0001',
    ]) {
      const res = await fetch(url, { headers: AUTH });
      expect(await res.text(), url).toBe(`elsewhere ${new URL(url).pathname}`);
    }
    expect(await served.mock.journal()).toEqual([]);
    const ours = await fetch(`${BASE}/api/v1/videos/v-0001`, { headers: AUTH });
    expect(ours.status).toBe(404);
    expect(await served.mock.journal()).toHaveLength(1);
  });

  it('is unhandled when no other handler takes it (msw reports it, and fails it here)', async () => {
    await expect(fetch('https://api.example.test/videos/api/v1/videos')).rejects.toThrow();
    expect(unhandled).toEqual(['GET https://api.example.test/videos/api/v1/videos']);
    await fetch(`${BASE}`);
    await fetch(`${BASE}/`);
    expect(unhandled).toHaveLength(1); // the prefix itself is the mock's (a 404 from it)
  });
});

describe('the admin API and the documents under baseUrl', () => {
  it('seeds, advances the clock, makes ready and reads the journal over HTTP, paths below the prefix', async () => {
    const json = { 'content-type': 'application/json' };
    const seeded = await fetch(`${BASE}/__mock/seed`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ videos: [{ title: 'From the admin API', key: 'v-admin' }] }),
    });
    expect(await seeded.json()).toEqual({ keys: ['v-admin'] });
    const before = await served.mock.now();
    const clock = await fetch(`${BASE}/__mock/clock/advance`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ms: 5000 }),
    });
    expect(((await clock.json()) as { now: number }).now).toBe(before + 5000);
    const ready = await fetch(`${BASE}/__mock/videos/v-admin/ready`, { method: 'POST' });
    expect(playlistOf((await ready.json()) as Record<string, unknown>)).toBe(
      `${BASE}/hls/v-admin/playlist.m3u8`,
    );
    await fetch(`${BASE}/api/v1/videos/v-admin`, { headers: AUTH });
    const journal = await fetch(`${BASE}/__mock/journal?operationId=getVideo`);
    const { entries } = (await journal.json()) as { entries: { path: string; status: number }[] };
    expect(entries.map((entry) => [entry.path, entry.status])).toEqual([['/api/v1/videos/v-admin', 200]]);
    const bad = await fetch(`${BASE}/__mock/readings`, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ 'no-such-unknown': 'x' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toBe('application/problem+json');
  });

  it('names baseUrl as the server of /openapi.json (the upload operation too) and of the admin document', async () => {
    const spec = (await (await fetch(`${BASE}/openapi.json`)).json()) as {
      servers: { url: string }[];
      paths: Record<string, Record<string, { servers?: { url: string }[] }>>;
    };
    expect(spec.servers.map((s) => s.url)).toEqual([BASE]);
    const uploadServers = spec.paths['/api/upload/v1/form-data/videos/{videoKey}']?.post?.servers;
    expect(uploadServers?.map((s) => s.url)).toEqual([BASE]);
    const admin = (await (await fetch(`${BASE}/__mock/openapi.json`)).json()) as {
      servers: { url: string }[];
    };
    expect(admin.servers).toEqual([{ url: BASE }]);
  });

  it('is off with admin: false, like the server', async () => {
    const closed = videoApiHandlers({ baseUrl: 'https://closed.example.test', admin: false });
    server.use(...closed.handlers);
    try {
      expect((await fetch('https://closed.example.test/__mock/journal')).status).toBe(404);
    } finally {
      await closed.mock.close();
    }
  });
});

describe('the in-process control', () => {
  it("puts playback addresses under baseUrl in events, a request's or the clock's", async () => {
    const events: VideoEvent[] = [];
    const stop = served.mock.onEvent((event) => events.push(event));
    try {
      const { key } = await create(BASE);
      await upload(BASE, key as string, new Uint8Array(10));
      await served.mock.advanceClock(1000); // ready, caused by no request
      const [seeded] = await served.mock.seed([{ title: 'Seeded' }]);
      await served.mock.makeReady(seeded as string);
      const ready = events.filter((event) => event.state === 'ready');
      expect(ready.map((event) => [event.videoKey, playlistOf(event.video)])).toEqual([
        [key, `${BASE}/hls/${key}/playlist.m3u8`],
        [seeded, `${BASE}/hls/${seeded}/playlist.m3u8`],
      ]);
    } finally {
      stop();
    }
  });

  it('plays faults: a reset fails fetch as a network error, an injected error is an answer', async () => {
    const [key] = await served.mock.seed([{ title: 'Faulty' }]);
    served.mock.faults.add({ route: 'getVideo', resetRate: 1, times: 1 });
    await expect(fetch(`${BASE}/api/v1/videos/${key}`, { headers: AUTH })).rejects.toThrow(TypeError);
    served.mock.faults.add({ route: 'getVideo', errorRate: 1, errorStatus: 503, times: 1 });
    const injected = await fetch(`${BASE}/api/v1/videos/${key}`, { headers: AUTH });
    expect([injected.status, injected.headers.get('x-mock-fault')]).toEqual([503, 'error']);
    expect((await fetch(`${BASE}/api/v1/videos/${key}`, { headers: AUTH })).status).toBe(200);
  });

  it('lets a caller abort during an injected delay', async () => {
    const [key] = await served.mock.seed([{ title: 'Slow' }]);
    served.mock.faults.add({ route: 'getVideo', latencyMs: 60_000, times: 1 });
    const call = fetch(`${BASE}/api/v1/videos/${key}`, { headers: AUTH, signal: AbortSignal.timeout(50) });
    await expect(call).rejects.toMatchObject({ name: expect.stringMatching(/AbortError|TimeoutError/) });
  });
});

describe('the reset story', () => {
  it("server.resetHandlers() drops handlers added with server.use() and keeps the mock's state; mock.reset() forgets it", async () => {
    const [key] = await served.mock.seed([{ title: 'Kept across resetHandlers' }]);
    server.use(http.get(`${BASE}/api/v1/videos/:key`, () => HttpResponse.json({ overridden: true })));
    expect(await get(BASE, key as string)).toEqual({ overridden: true });
    server.resetHandlers();
    expect((await get(BASE, key as string)).title).toBe('Kept across resetHandlers');
    await served.mock.reset();
    expect((await fetch(`${BASE}/api/v1/videos/${key}`, { headers: AUTH })).status).toBe(404);
  });

  it('mock.reset() restores the readings given at creation, not the spec defaults', async () => {
    const replace = videoApiHandlers({
      baseUrl: 'https://replace.example.test',
      readings: { 'custom-fields-omitted': 'replace' },
    });
    try {
      await replace.mock.setReadings({ 'custom-fields-omitted': 'merge' });
      await replace.mock.reset();
      expect((await replace.mock.getReadings())['custom-fields-omitted']).toBe('replace');
    } finally {
      await replace.mock.close();
    }
  });
});

describe('playback under a streamingBase of its own', () => {
  it.each([
    ['on another host', 'https://api.example.test', 'https://cdn.example.test/media'],
    ['under baseUrl', 'https://api.example.test', 'https://api.example.test/cdn'],
  ])('serves the HLS addresses %s', async (_, baseUrl, streamingBase) => {
    const cdn = videoApiHandlers({ baseUrl, streamingBase, realTimeClock: false });
    server.use(...cdn.handlers); // before the mock's; the next resetHandlers() drops them
    try {
      const [key] = await cdn.mock.seed([{ title: 'Streamed', phase: 'ready' }]);
      const video = await get(baseUrl, key as string);
      expect(playlistOf(video)).toBe(`${streamingBase}/hls/${key}/playlist.m3u8`);
      expect((await fetch(playlistOf(video))).status).toBe(200);
      // Only the playback paths are served under streamingBase.
      if (!streamingBase.startsWith(baseUrl)) {
        await expect(fetch(`${streamingBase}/api/v1/videos/${key}`, { headers: AUTH })).rejects.toThrow();
        expect(unhandled).toHaveLength(1);
      }
    } finally {
      await cdn.mock.close();
    }
  });
});
