/**
 * Two mocks in one process on one PostgreSQL database (each with a pool of its own, as two
 * processes would have) are one mock: videos, merges, readings, the clock, definitions, a reset,
 * sandboxes and the journal hold across them.
 */
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/create-app.js';
import type { MockApp, MockOptions } from '../../src/types.js';

let database: TestDatabase;
const apps: MockApp[] = [];
beforeAll(async () => {
  database = await createTestDatabase('shared_state');
}, 120_000);
// Each test's instances closed after it: their pools (10 connections and the listening ones each)
// would otherwise hold the server's connections while the next tests, and other files, open theirs.
afterEach(async () => {
  for (const app of apps.splice(0)) await app.mock.close();
});
afterAll(async () => {
  await database?.drop();
});

const auth = { authorization: 'Bearer mock-token' };
const json = { ...auth, 'content-type': 'application/json' };
let pools = 0;

/** A mock on the test database, with a pool of its own (another process's view). */
function instance(options: Omit<MockOptions, 'databaseUrl'> = {}): MockApp {
  const app = createApp({
    databaseUrl: `${database.url}?application_name=instance-${pools++}`,
    transcode: 'off',
    ...options,
  });
  apps.push(app);
  return app;
}

async function create(app: MockApp, titles: string[], prefix = ''): Promise<string[]> {
  const res = await app.request(`${prefix}/api/v1/videos`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ projectKey: 'p', videos: titles.map((title) => ({ title })) }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { key: string }[]).map((video) => video.key);
}

/** Resolves once `check` passes (journal entries of another instance arrive in batches), at most `ms`. */
async function eventually(check: () => Promise<void>, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('two mocks on one database', () => {
  it('serve the same videos: created on one, merged on both, keys never twice', async () => {
    const [a, b] = [instance(), instance()];
    const keys = [...(await create(a, ['one', 'two'])), ...(await create(b, ['three']))];
    expect(new Set(keys).size).toBe(3);
    const [key] = keys;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 ? a : b).request(`/api/v1/videos/${key}/custom-fields`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ simpleCustomFields: { [`f${i}`]: String(i) } }),
        }),
      ),
    );
    for (const app of [a, b]) {
      const video = (await (await app.request(`/api/v1/videos/${key}`, { headers: auth })).json()) as {
        simpleCustomFields: Record<string, unknown>;
      };
      expect(Object.keys(video.simpleCustomFields)).toHaveLength(30);
    }
  });

  it('play a reading switched through the other, see its clock advanced and its reset', async () => {
    const [a, b] = [instance(), instance()];
    await a.mock.reset();
    const [key] = await create(a, ['clip']);
    await a.mock.setReadings({ 'video-states': 'detailed' });
    // held by the other once the call answered: its next request plays it
    const res = await b.request(`/api/v1/videos/${key}`, { headers: auth });
    expect(res.headers.get('x-mock-readings')).toContain('video-states=detailed');
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(16)]), 'clip.mp4');
    const upload = await b.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(upload.status).toBe(200);
    const before = await b.mock.now();
    await a.mock.advanceClock(60_000);
    expect(await b.mock.now()).toBeGreaterThanOrEqual(before + 60_000);
    const video = await (await b.request(`/api/v1/videos/${key}`, { headers: auth })).json();
    expect(video).toMatchObject({ status: 'ready' });
    await b.mock.reset();
    expect((await a.request(`/api/v1/videos/${key}`, { headers: auth })).status).toBe(404);
    expect((await a.mock.getReadings())['video-states']).toBe('basic');
  });

  it('count rate-limit windows together (§8: 429 beyond the budget, whichever served)', async () => {
    const options = { rateLimit: { requests: 4, windowMs: 60_000 }, realTimeClock: false };
    const [a, b] = [instance(options), instance(options)];
    await a.mock.reset();
    await a.mock.setReadings({ 'rate-limits': '429-retry-after' });
    const [key] = await create(a, ['counted']); // the first request of the window
    const statuses: number[] = [];
    for (const app of [b, a, b, a, b]) {
      const res = await app.request(`/api/v1/videos/${key}`, { headers: auth });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('retry-after')).toBe('60');
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await b.mock.advanceClock(60_000); // a new window, on either
    expect((await a.request(`/api/v1/videos/${key}`, { headers: auth })).status).toBe(200);
    await a.mock.reset(); // the windows go with a reset
    await a.mock.setReadings({ 'rate-limits': '429-retry-after' });
    const after = await Promise.all(
      [a, b, a, b].map((app) => app.request('/api/v1/videos/v-9999', { headers: auth })),
    );
    expect(after.map((res) => res.status)).toEqual([404, 404, 404, 404]);
  });

  it('play the same fault rules, their times and windows used up by both', async () => {
    const [a, b] = [instance({ realTimeClock: false }), instance({ realTimeClock: false })];
    await a.mock.reset();
    const [key] = await create(a, ['faulted']);
    const admin = (app: MockApp, method: string, body?: unknown) =>
      app.request('/__mock/faults', {
        method,
        ...(body !== undefined && {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      });
    const get = async (app: MockApp) =>
      (await app.request(`/api/v1/videos/${key}`, { headers: auth })).status;
    const rules = async (app: MockApp) =>
      ((await (await admin(app, 'GET')).json()) as { rules: unknown[] }).rules;

    expect(
      (await admin(a, 'POST', { route: 'getVideo', errorRate: 1, errorStatus: 503, times: 3 })).status,
    ).toBe(201);
    expect(await rules(b)).toEqual([{ route: 'getVideo', errorRate: 1, errorStatus: 503, times: 3 }]);
    const statuses = [];
    for (const app of [b, a, b, a, b]) statuses.push(await get(app));
    expect(statuses).toEqual([503, 503, 503, 200, 200]); // three uses in all, whichever instance served
    expect(await rules(a)).toEqual([]);
    expect(await rules(b)).toEqual([]);

    const limited = { route: 'getVideo', rateLimit: { limit: 2, windowMs: 60_000, retryAfterSeconds: 7 } };
    expect((await admin(b, 'PUT', [limited])).status).toBe(200);
    const windowed = [];
    for (const app of [a, b, a]) windowed.push(await get(app));
    expect(windowed).toEqual([200, 200, 429]);
    // any text in a rule (a path prefix with a NUL) is kept as it was set
    const odd = { route: '/nowhere/\u0000', latencyMs: 1 };
    expect((await admin(a, 'PUT', [odd])).status).toBe(200);
    expect(await rules(b)).toEqual([odd]);
    expect((await admin(a, 'DELETE')).status).toBe(200);
    expect(await get(b)).toBe(200);
    expect(await rules(b)).toEqual([]);
  });

  it('share custom-field definitions and each sandbox', async () => {
    const [a, b] = [instance(), instance()];
    await a.mock.setDefinitions([{ name: 'tier', kind: 'string' }]);
    expect(await b.mock.getDefinitions()).toEqual([{ name: 'tier', kind: 'string' }]);
    const [key] = await create(a, ['in a sandbox'], '/sandboxes/team-1');
    const res = await b.request(`/sandboxes/team-1/api/v1/videos/${key}`, { headers: auth });
    expect(res.status).toBe(200);
    expect((await b.request(`/sandboxes/team-2/api/v1/videos/${key}`, { headers: auth })).status).toBe(404);
    // made through a, listed by b (before b opened it) and deleted through b for both
    const c = instance();
    expect(await c.mock.sandboxes.list()).toContain('team-1');
    const listed = (await (await c.request('/__mock/sandboxes')).json()) as { sandboxes: { name: string }[] };
    expect(listed.sandboxes.map((sandbox) => sandbox.name)).toContain('team-1');
    expect((await c.request('/__mock/sandboxes/team-1')).status).toBe(200);
    expect((await c.request('/__mock/sandboxes/team-1', { method: 'DELETE' })).status).toBe(204);
    expect((await a.request(`/sandboxes/team-1/api/v1/videos/${key}`, { headers: auth })).status).toBe(404);
    expect(await b.mock.sandboxes.list()).not.toContain('team-1');
    expect((await c.request('/__mock/sandboxes/team-1')).status).toBe(404);
  });

  it("show each other's requests in their journals", async () => {
    const [a, b] = [instance(), instance()];
    await b.request('/readyz'); // b is up (its listening connection opens beside it)
    // Each try sends one more create through a: once b listens, the next is in b's journal.
    await eventually(async () => {
      await create(a, ['journalled']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const seen = await b.mock.journal({ operationId: 'createVideos' });
      expect(seen.filter((entry) => entry.status === 200).length).toBeGreaterThan(0);
    });
    // kept in the database: an instance started now has them too, once, in the order served
    await new Promise((resolve) => setTimeout(resolve, 250)); // the last batch kept (100 ms batches)
    const late = instance();
    await eventually(async () => expect((await late.request('/readyz')).status).toBe(200), 10_000);
    const before = (await a.mock.journal()).filter((entry) => entry.operationId === 'createVideos');
    const taken = (await late.mock.journal()).filter((entry) => entry.operationId === 'createVideos');
    expect(taken.length).toBeGreaterThan(0);
    expect(taken.map((entry) => entry.time)).toEqual(before.map((entry) => entry.time));
  });

  it('show each request once in every journal while both serve at once (batches interleave their seqs)', async () => {
    const [a, b] = [instance(), instance()];
    await Promise.all([a.request('/readyz'), b.request('/readyz')]);
    await eventually(async () => {
      await create(a, ['listening']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await b.mock.journal({ operationId: 'createVideos' })).length).toBeGreaterThan(0);
    });
    const paths = Array.from({ length: 80 }, (_, i) => `/api/v1/videos/${i % 2 ? 'a' : 'b'}-${i}`);
    await Promise.all(paths.map((path, i) => (i % 2 ? a : b).request(path, { headers: auth })));
    for (const app of [a, b])
      await eventually(async () => {
        const seen = (await app.mock.journal({ operationId: 'getVideo' })).map((entry) => entry.path);
        // (an instance takes up the journal kept before it started: the earlier tests' reads too)
        expect(seen.filter((path) => /\/[ab]-\d+$/.test(path)).toSorted()).toEqual(paths.toSorted());
      });
  });

  it('answer /healthz and /readyz', async () => {
    const a = instance();
    expect(await (await a.request('/healthz')).json()).toEqual({ status: 'alive' });
    await eventually(async () => {
      const ready = await a.request('/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ready',
        store: expect.stringContaining('PostgreSQL'),
      });
    }, 10_000); // a new pool connects and checks the migrations first
  });
});
