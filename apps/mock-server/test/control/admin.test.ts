import { describe, expect, it } from 'vitest';
import { adminProblem } from '../support/admin-problem.js';
import { api } from '../support/api.js';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('admin API under /__mock/', () => {
  it('serves its own OpenAPI document, apart from the public spec', async () => {
    const { app } = api();
    const admin = (await (await app.request('/__mock/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(admin.paths)).toContain('/__mock/reset');
    const spec = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths).some((path) => path.startsWith('/__mock'))).toBe(false);
  });

  it('seeds videos, makes one ready, fails another and resets', async () => {
    const { app, get } = api();
    const seeded = await app.request('/__mock/seed', {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({
        videos: [
          { title: 'a', simpleCustomFields: { n: 1 } },
          { key: 'custom', title: 'b' },
        ],
      }),
    });
    expect(await seeded.json()).toEqual({ keys: ['v-0001', 'custom'] });
    expect(await (await get('v-0001')).json()).toMatchObject({
      simpleCustomFields: { n: 1 },
      status: 'created',
    });
    expect(await (await app.request('/__mock/videos/v-0001/ready', { method: 'POST' })).json()).toMatchObject(
      {
        status: 'ready',
      },
    );
    expect(await (await app.request('/__mock/videos/custom/fail', { method: 'POST' })).json()).toMatchObject({
      status: 'failed',
    });
    await adminProblem(
      await app.request('/__mock/videos/nope/ready', { method: 'POST' }),
      404,
      'not-found',
      'No video has the key "nope".',
    );
    expect((await app.request('/__mock/reset', { method: 'POST' })).status).toBe(204);
    expect((await get('v-0001')).status).toBe(404);
  });

  it('advances the virtual clock so an uploaded video becomes ready', async () => {
    const { app, keys, upload, get } = api();
    const [key = ''] = await keys();
    await upload(key);
    const res = await app.request('/__mock/clock/advance', {
      method: 'POST',
      headers: JSON_TYPE,
      body: '{"ms":2000}',
    });
    expect(res.status).toBe(200);
    expect(await (await get(key)).json()).toMatchObject({ status: 'ready' });
    const now = await app.mock.now();
    const refused = await adminProblem(
      await app.request('/__mock/clock/advance', { method: 'POST', headers: JSON_TYPE, body: '{"ms":-1}' }),
      400,
      'validation-failed',
      'The advance body is not valid: /ms must be an integer',
      'got the number -1',
      'Accepted: {"ms"',
    );
    expect(refused.issues).toEqual([
      { pointer: '/ms', message: expect.stringContaining('got the number -1') },
    ]);
    expect(await app.mock.now()).toBe(now);
  });

  it('filters the journal by method, path, operationId and since', async () => {
    const { app, keys, get } = api();
    const [key = ''] = await keys(1);
    await get(key);
    await get('missing');
    const all = (await (await app.request('/__mock/journal')).json()) as {
      entries: { seq: number; status: number }[];
    };
    expect(all.entries).toHaveLength(3);
    const gets = (await (await app.request('/__mock/journal?operationId=getVideo')).json()) as {
      entries: { status: number }[];
    };
    expect(gets.entries.map((entry) => entry.status)).toEqual([200, 404]);
    const since = (await (await app.request(`/__mock/journal?since=${all.entries[0]?.seq}`)).json()) as {
      entries: unknown[];
    };
    expect(since.entries).toHaveLength(2);
    const byPath = await (await app.request(`/__mock/journal?method=get&path=/api/v1/videos/${key}`)).json();
    expect((byPath as { entries: unknown[] }).entries).toHaveLength(1);
    const refused = await adminProblem(
      await app.request('/__mock/journal?since=yesterday'),
      400,
      'validation-failed',
      '?since is neither a sequence number nor an ISO 8601 time, got "yesterday"',
    );
    expect(refused.issues?.map((issue) => issue.pointer)).toEqual(['?since']);
  });

  it('gets and sets readings, refusing unknown ones with the accepted list', async () => {
    const { app, get, keys } = api();
    const [key = ''] = await keys();
    const patched = await app.request('/__mock/readings', {
      method: 'PATCH',
      headers: JSON_TYPE,
      body: JSON.stringify({ 'readiness-field': 'ready-flag' }),
    });
    expect(((await patched.json()) as { readings: Record<string, string> }).readings['readiness-field']).toBe(
      'ready-flag',
    );
    expect(await (await get(key)).json()).toMatchObject({ ready: false });
    const bad = await app.request('/__mock/readings', {
      method: 'PUT',
      headers: JSON_TYPE,
      body: '{"readiness-field":"x"}',
    });
    await adminProblem(
      bad,
      400,
      'bad-reading',
      'unknown reading "x" for readiness-field',
      'accepted: status-string, ready-flag, playback-only',
    );
    expect(await (await get(key)).json()).toMatchObject({ ready: false }); // the readings are unchanged
    const put = await app.request('/__mock/readings', { method: 'PUT', headers: JSON_TYPE, body: '{}' });
    expect(((await put.json()) as { readings: Record<string, string> }).readings['readiness-field']).toBe(
      'status-string',
    );
  });

  it('sets custom-field definitions', async () => {
    const { app } = api();
    const res = await app.request('/__mock/custom-field-definitions', {
      method: 'PUT',
      headers: JSON_TYPE,
      body: JSON.stringify({ definitions: [{ name: 'views', kind: 'number' }] }),
    });
    expect(await res.json()).toEqual({ definitions: [{ name: 'views', kind: 'number' }] });
    expect(await app.mock.getDefinitions()).toEqual([{ name: 'views', kind: 'number' }]);
  });

  it('mounts the fault and webhook routes', async () => {
    const { app } = api();
    expect((await app.request('/__mock/faults')).status).toBe(200);
    expect((await app.request('/__mock/webhooks')).status).toBe(200);
  });

  it('requires the admin token when one is set', async () => {
    const { app } = api({ adminToken: 'admin-secret' });
    await adminProblem(
      await app.request('/__mock/readings'),
      401,
      'unauthorized',
      'Authorization header is missing',
    );
    await adminProblem(
      await app.request('/__mock/readings', { headers: { authorization: 'Bearer mock-token' } }),
      401,
      'unauthorized',
      'not one this server accepts',
    );
    expect(
      (await app.request('/__mock/readings', { headers: { authorization: 'Bearer admin-secret' } })).status,
    ).toBe(200);
  });

  it('can be switched off', async () => {
    const { app } = api({ admin: false });
    expect((await app.request('/__mock/readings')).status).toBe(404);
    expect((await app.request('/__mock/reset', { method: 'POST' })).status).toBe(404);
  });
});

describe('custom-field definitions at start', () => {
  it('are the fields of the spec example with every value form, kinds read from the values', async () => {
    const { app, keys, put } = api({ readings: { 'custom-field-definition': 'typed' } });
    expect(await app.mock.getDefinitions()).toEqual([
      { name: 'note', kind: 'string' },
      { name: 'views', kind: 'number' },
      { name: 'featured', kind: 'boolean' },
      { name: 'publishedAt', kind: 'date-time' },
      { name: 'topics', kind: 'string-array' },
    ]);
    const [key = ''] = await keys();
    expect((await put(key, { simpleCustomFields: { views: 1, topics: [] } })).status).toBe(200);
    expect((await put(key, { simpleCustomFields: { publishedAt: 'not a date' } })).status).toBe(400);
    await app.mock.setDefinitions([]);
    await app.mock.reset();
    expect(await app.mock.getDefinitions()).toHaveLength(5);
  });
});
