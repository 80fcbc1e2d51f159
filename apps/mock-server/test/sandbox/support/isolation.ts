/**
 * One story of sandbox isolation, told through any `call` (app.request in-process, fetch over HTTP,
 * fetch under msw): two sandboxes and the default state never see each other's keys, videos,
 * clock, readings, journal, faults or resets, and every address a sandbox answers with points back
 * into it (so a player, which sends no header, stays in it).
 */
import { expect } from 'vitest';

export type Call = (url: string, init?: RequestInit) => Promise<Response>;

const AUTH = { authorization: 'Bearer mock-token' };
const JSON_HEADERS = { ...AUTH, 'content-type': 'application/json' };

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, text).toBeLessThan(400);
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/** Runs the story against the mock served at `base` (origin and prefix, no trailing slash). */
export async function isolationStory(call: Call, base: string): Promise<void> {
  const w1 = `${base}/sandboxes/w1`;
  const w2 = `${base}/sandboxes/w2`;
  const create = async (at: string, title: string, headers: Record<string, string> = {}) => {
    const res = await call(`${at}/api/v1/videos`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, ...headers },
      body: JSON.stringify({ projectKey: 'demo', videos: [{ title }] }),
    });
    return ((await json(res)) as unknown as Record<string, unknown>[])[0] as Record<string, unknown>;
  };
  const get = (at: string, key: string, headers: Record<string, string> = {}) =>
    call(`${at}/api/v1/videos/${key}`, { headers: { ...AUTH, ...headers } });
  const admin = (at: string, path: string, method = 'GET', body?: unknown) =>
    call(`${at}/__mock${path}`, {
      method,
      ...(body !== undefined && {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    });

  // Keys: each sandbox starts at its own first key; the path and the header name the same sandbox.
  expect((await create(w1, 'one in w1')).key).toBe('v-0001');
  expect((await create(w2, 'one in w2')).key).toBe('v-0001');
  const second = await create(base, 'two in w1', { 'x-mock-sandbox': 'w1' });
  expect(second.key).toBe('v-0002');
  expect((await create(base, 'one in the default state')).key).toBe('v-0001');

  // Videos: w2 has no v-0002; each sandbox's v-0001 is its own.
  expect((await get(w2, 'v-0002')).status).toBe(404);
  expect((await json(await get(base, 'v-0001', { 'x-mock-sandbox': 'w2' }))).title).toBe('one in w2');
  expect((await json(await get(base, 'v-0001'))).title).toBe('one in the default state');

  // Addresses: playback under the sandbox's prefix, whether the path or the header named it.
  const playlist = (second.primaryPlaybackUrl as { hls: { url: string } }).hls.url;
  expect(playlist).toBe(`${w1}/hls/v-0002/playlist.m3u8`);
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'video/mp4' }), 'clip.mp4');
  const uploaded = await call(`${w1}/api/upload/v1/form-data/videos/v-0002`, {
    method: 'POST',
    headers: AUTH,
    body: form,
  });
  expect(uploaded.status, await uploaded.text()).toBeLessThan(300);

  // Clock: advancing w1's makes its video ready; w2's clock and the default one stay.
  const clockOf = async (at: string) => (await json(await admin(at, '/clock'))).now as number;
  const [w2Before, rootBefore] = [await clockOf(w2), await clockOf(base)];
  await json(await admin(w1, '/clock/advance', 'POST', { ms: 60_000 }));
  expect(await clockOf(w2)).toBe(w2Before);
  expect(await clockOf(base)).toBe(rootBefore);
  const media = await call(playlist); // as a player fetches it: no header, no token
  expect(media.status).toBe(200);
  expect(await media.text()).toMatch(/^#EXTM3U/);
  expect((await call(`${w2}/hls/v-0002/playlist.m3u8`)).status).toBe(404);

  // Readings: a switch under w1 changes only w1.
  await json(await admin(w1, '/readings', 'PATCH', { 'error-shape': 'error-object' }));
  expect(await (await get(w1, 'v-0404')).json()).toHaveProperty('error');
  expect(await (await get(w2, 'v-0404')).json()).not.toHaveProperty('error');
  expect(await (await get(base, 'v-0404')).json()).not.toHaveProperty('error');

  // Journal: w2's holds w2's requests only, at paths below its prefix.
  const { entries } = (await json(await admin(w2, '/journal'))) as { entries: { path: string }[] };
  expect(entries.map((entry) => entry.path)).toEqual([
    '/api/v1/videos',
    '/api/v1/videos/v-0002',
    '/api/v1/videos/v-0001',
    '/hls/v-0002/playlist.m3u8',
    '/api/v1/videos/v-0404',
  ]);

  // Faults: a rule in w2 fails w2's requests only.
  await json(await admin(w2, '/faults', 'POST', { route: 'getVideo', errorRate: 1, errorStatus: 503 }));
  expect((await get(w2, 'v-0001')).status).toBe(503);
  expect((await get(w1, 'v-0001')).status).toBe(200);

  // Reset: w1's reset forgets w1's videos only.
  expect((await admin(w1, '/reset', 'POST')).status).toBe(204);
  expect((await get(w1, 'v-0001')).status).toBe(404);
  expect((await get(base, 'v-0001')).status).toBe(200);
  expect((await get(base, 'v-0001', { 'x-mock-sandbox': 'w2' })).status).toBe(503); // w2's fault stays

  // The mock's own admin API lists and removes sandboxes.
  const listed = (await json(await admin(base, '/sandboxes'))).sandboxes;
  expect(listed).toEqual([
    { name: 'w1', path: '/sandboxes/w1' },
    { name: 'w2', path: '/sandboxes/w2' },
  ]);
  expect((await admin(base, '/sandboxes/w2', 'DELETE')).status).toBe(204);
  expect((await admin(base, '/sandboxes/w2')).status).toBe(404);
  expect((await json(await admin(base, '/sandboxes'))).sandboxes).toEqual([
    { name: 'w1', path: '/sandboxes/w1' },
  ]);
  // A deleted sandbox opens again empty on its next request.
  expect((await get(w2, 'v-0001')).status).toBe(404);
}
