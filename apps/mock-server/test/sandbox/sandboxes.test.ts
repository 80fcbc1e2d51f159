/**
 * Sandboxes in-process (app.request) and over HTTP (a served app): isolation of keys, videos,
 * clock, readings, journal, faults and resets; the in-process control; names, the limit, the
 * addresses they answer with; their uploads removed when they are deleted or the mock closes.
 */
import { existsSync } from 'node:fs';
import { serveApp } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/index.js';
import type { MockApp, MockOptions } from '../../src/types.js';
import { isolationStory } from './support/isolation.js';

const apps: MockApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.mock.close()));
});
function mock(options: MockOptions = {}): MockApp {
  const app = createApp({ realTimeClock: false, ...options });
  apps.push(app);
  return app;
}
const AUTH = { authorization: 'Bearer mock-token' };
const createIn = (app: MockApp, path: string, headers: Record<string, string> = {}) =>
  app.request(`http://mock.test${path}/api/v1/videos`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ projectKey: 'demo', videos: [{ title: 't' }] }),
  });

describe('sandboxes', () => {
  it('isolate keys, videos, clock, readings, journal, faults and resets in-process', async () => {
    const app = mock();
    await isolationStory(async (url, init) => app.request(url, init), 'http://mock.test');
  });

  it('do the same over HTTP, each addressed under the served origin', async () => {
    const app = mock();
    const server = await serveApp(app);
    try {
      await isolationStory(fetch, server.url);
    } finally {
      await server.close();
    }
  });

  it('are mirrored in app.mock.sandboxes: open, seed, clock and reset one without the others', async () => {
    const app = mock();
    const w1 = app.mock.sandboxes.get('w1');
    expect(await w1.seed([{ title: 'seeded', phase: 'ready' }])).toEqual(['v-0001']);
    const [start, rootStart] = await Promise.all([w1.now(), app.mock.now()]);
    await w1.advanceClock(5000);
    expect([(await w1.now()) - start, (await app.mock.now()) - rootStart]).toEqual([5000, 0]);
    expect(await app.mock.sandboxes.list()).toEqual(['w1']);
    const got = await app.request('/sandboxes/w1/api/v1/videos/v-0001', { headers: AUTH });
    expect(got.status).toBe(200);
    await app.mock.reset(); // the default state's reset leaves w1 alone
    expect((await app.request('/sandboxes/w1/api/v1/videos/v-0001', { headers: AUTH })).status).toBe(200);
    await w1.reset();
    expect((await app.request('/sandboxes/w1/api/v1/videos/v-0001', { headers: AUTH })).status).toBe(404);
    // Webhooks registered in one sandbox are that sandbox's only.
    w1.webhooks.register({ url: 'http://127.0.0.1:9/hooks' });
    expect([w1.webhooks.list().length, app.mock.sandboxes.get('w2').webhooks.list().length]).toEqual([1, 0]);
    expect(app.mock.webhooks.list()).toEqual([]);
    expect(await app.mock.sandboxes.delete('w1')).toBe(true);
    expect(await app.mock.sandboxes.delete('w1')).toBe(false);
    expect(app.mock.sandboxes.has('w1')).toBe(false);
    expect(() => app.mock.sandboxes.get('../w1')).toThrow(/not a sandbox name \(accepted: a letter or digit/);
  });

  it('remove their upload folders when deleted and when the mock closes', async () => {
    const app = createApp({ realTimeClock: false });
    const folders = ['w1', 'w2'].map((name) => app.mock.sandboxes.get(name).paths().root);
    expect(new Set([...folders, app.mock.paths().root]).size).toBe(3);
    expect(folders.every((folder) => existsSync(folder))).toBe(true);
    await app.mock.sandboxes.delete('w1');
    expect(existsSync(folders[0] as string)).toBe(false);
    expect(existsSync(folders[1] as string)).toBe(true);
    await app.mock.close();
    expect(existsSync(folders[1] as string)).toBe(false);
  });

  it('answer one sandbox too many with the mock’s own error, and open again once one is deleted', async () => {
    const app = mock({ maxSandboxes: 2 });
    expect((await createIn(app, '/sandboxes/a')).status).toBe(200);
    expect((await createIn(app, '', { 'x-mock-sandbox': 'b' })).status).toBe(200);
    const refused = await createIn(app, '/sandboxes/c', { origin: 'http://localhost:5173' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-mock-error')).toBe('sandbox-limit');
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(((await refused.json()) as { detail: string }).detail).toContain('maxSandboxes');
    expect((await app.request('/__mock/sandboxes/a', { method: 'DELETE' })).status).toBe(204);
    expect((await createIn(app, '/sandboxes/c')).status).toBe(200);
    expect(await app.mock.sandboxes.list()).toEqual(['b', 'c']);
  });

  it('refuse a header that names another sandbox than the path, and a bad name in the admin API', async () => {
    const app = mock();
    const res = await createIn(app, '/sandboxes/w1', { 'x-mock-sandbox': 'w2' });
    expect([res.status, res.headers.get('x-mock-error')]).toEqual([400, 'mock-header']);
    const admin = await app.request('/__mock/sandboxes/bad%20name');
    expect([admin.status, admin.headers.get('x-mock-error')]).toEqual([400, 'sandbox-name']);
    expect(await app.mock.sandboxes.list()).toEqual([]);
  });

  it('move a relative Location under their prefix, and name their own origin in /openapi.json', async () => {
    const app = mock();
    const docs = await app.request('http://mock.test/sandboxes/w1/docs/');
    expect(docs.headers.get('location')).toBe('/sandboxes/w1/docs');
    const spec = (await (await app.request('http://mock.test/sandboxes/w1/openapi.json')).json()) as {
      servers: { url: string }[];
    };
    expect(spec.servers[0]?.url).toBe('http://mock.test/sandboxes/w1');
  });

  it('put playback under the streaming base when one is given, still per sandbox', async () => {
    const app = mock({ streamingBase: 'https://cdn.example.test' });
    const res = await createIn(app, '/sandboxes/w1');
    const [video] = (await res.json()) as { primaryPlaybackUrl: { hls: { url: string } } }[];
    expect(video?.primaryPlaybackUrl.hls.url).toBe(
      'https://cdn.example.test/sandboxes/w1/hls/v-0001/playlist.m3u8',
    );
  });
});
