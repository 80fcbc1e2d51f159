import { describe, expect, it } from 'vitest';
import { MAX_JSON_BYTES } from '../../src/http/json-body.js';
import { api } from '../support/api.js';

const JSON_TYPE = { 'content-type': 'application/json' };

interface Problem {
  type: string;
  status: number;
  detail: string;
  errors?: { pointer: string; message: string }[];
}

type App = ReturnType<typeof api>['app'];

const send = (
  app: App,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = JSON_TYPE,
) =>
  app.request(path, {
    method,
    headers,
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

/** A problem answer: status, problem+json, a detail that names `mentions`. */
async function problem(response: Response, status: number, ...mentions: string[]): Promise<Problem> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const json = JSON.parse(text) as Problem;
  expect(json.status).toBe(status);
  for (const mention of mentions) expect(json.detail).toContain(mention);
  return json;
}

/** A body stream that never ends; counts the bytes pulled from it. */
function endless(chunk = 64 * 1024) {
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.bytes += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
  });
  return { stream, pulled };
}

describe('seeding never overwrites a video', () => {
  it('answers 409 naming a key a stored video has, and the video keeps its title, fields and source', async () => {
    const { app, keys, put, upload, get } = api();
    const [key = ''] = await keys();
    expect((await put(key, { simpleCustomFields: { note: 'kept' } })).status).toBe(200);
    expect((await upload(key)).status).toBeLessThan(300);
    const before = await (await get(key)).json();
    const source = app.mock.sourceOf(key);
    const json = await problem(
      await send(app, 'POST', '/__mock/seed', {
        videos: [
          { title: 'new', key: 'fresh' },
          { title: 'X', key },
        ],
      }),
      409,
      `"${key}"`,
      'never overwrites',
    );
    expect(json.errors).toEqual([{ pointer: '/videos/1/key', message: expect.stringContaining(key) }]);
    expect(await (await get(key)).json()).toEqual(before);
    expect(app.mock.sourceOf(key)).toEqual(source);
    expect((await get('fresh')).status).toBe(404); // nothing of that seed body applied
  });

  it('answers 400 naming a key given twice in one body, and stores none of it', async () => {
    const { app, get } = api();
    const json = await problem(
      await send(app, 'POST', '/__mock/seed', {
        videos: [{ title: 'a', key: 'dup' }, { title: 'other' }, { title: 'b', key: 'dup' }],
      }),
      400,
      '"dup"',
      'own key',
    );
    expect(json.errors?.[0]?.pointer).toBe('/videos/2/key');
    expect((await get('dup')).status).toBe(404);
    expect((await get('v-0001')).status).toBe(404);
  });

  it('never generates a key the same body gives another video', async () => {
    const { app, get } = api();
    const response = await send(app, 'POST', '/__mock/seed', {
      videos: [{ title: 'generated' }, { title: 'given', key: 'v-0001' }],
    });
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: string[] };
    expect(keys[1]).toBe('v-0001');
    expect(keys[0]).not.toBe('v-0001');
    expect(await (await get(keys[0] as string)).json()).toMatchObject({ title: 'generated' });
    expect(await (await get('v-0001')).json()).toMatchObject({ title: 'given' });
  });

  it('app.mock.seed() throws a clear error in the same cases and stores nothing', () => {
    const { app } = api();
    const [key = ''] = app.mock.seed([{ title: 'first', simpleCustomFields: { n: 1 } }]);
    expect(() =>
      app.mock.seed([
        { title: 'new', key: 'other' },
        { title: 'X', key },
      ]),
    ).toThrow(`Videos with the key(s) "${key}" exist already`);
    expect(() =>
      app.mock.seed([
        { title: 'a', key: 'dup' },
        { title: 'b', key: 'dup' },
      ]),
    ).toThrow('The seed gives the key(s) "dup" to more than one video');
    expect(app.mock.seed([{ title: 'other', key: 'other' }])).toEqual(['other']);
    expect(() => app.mock.seed([{ title: 'again', key: 'dup' }])).not.toThrow();
  });
});

describe('seed input that could not work', () => {
  it('refuses a custom field named __proto__, as PUT custom-fields does', async () => {
    const { app, get } = api();
    const json = await problem(
      await send(
        app,
        'POST',
        '/__mock/seed',
        '{"videos":[{"title":"t","key":"p","simpleCustomFields":{"__proto__":"p","n":1}}]}',
      ),
      400,
      '"__proto__"',
    );
    expect(json.errors).toEqual([
      {
        pointer: '/videos/0/simpleCustomFields/__proto__',
        message: expect.stringContaining('another field name'),
      },
    ]);
    expect((await get('p')).status).toBe(404);
    expect(() =>
      app.mock.seed([
        { title: 't', simpleCustomFields: JSON.parse('{"__proto__":["a"]}') as Record<string, string[]> },
      ]),
    ).toThrow('"__proto__"');
  });

  it.each(['.', '..'])(
    'refuses the key %j, which no URL can address, saying which keys are accepted',
    async (key) => {
      const { app } = api();
      const json = await problem(
        await send(app, 'POST', '/__mock/seed', { videos: [{ title: 't', key }] }),
        400,
        '/videos/0/key',
        'other than "." and ".."',
      );
      expect(json.errors?.[0]?.message).toContain(`got the string ${JSON.stringify(key)}`);
    },
  );

  it.each(['uploading', 'uploaded', 'processing'])(
    'refuses the phase %s, which a seeded video would never leave, listing the accepted phases',
    async (phase) => {
      const { app, get } = api();
      await problem(
        await send(app, 'POST', '/__mock/seed', { videos: [{ title: 't', key: 'k', phase }] }),
        400,
        '/videos/0/phase',
        'one of created, ready, failed',
      );
      expect((await get('k')).status).toBe(404);
      // The type refuses these phases; a caller without types (JavaScript, a cast) is refused at run time.
      expect(() => app.mock.seed([{ title: 't', phase: phase as 'created' }])).toThrow(
        'Accepted phases: created, ready, failed',
      );
    },
  );

  it('seeds the phases that hold or move on their own', async () => {
    const { app, get } = api();
    const seeded = await send(app, 'POST', '/__mock/seed', {
      videos: [
        { title: 'r', key: 'r', phase: 'ready' },
        { title: 'f', key: 'f', phase: 'failed' },
      ],
    });
    expect(seeded.status).toBe(200);
    expect(await (await get('r')).json()).toMatchObject({ status: 'ready' });
    expect(await (await get('f')).json()).toMatchObject({ status: 'failed' });
  });

  it('says what was wrong with a member, where, and what it got', async () => {
    const { app } = api();
    const json = await problem(
      await send(app, 'POST', '/__mock/seed', {
        videos: [{ key: 'k' }, { title: 5, simpleCustomFields: { a: {} } }],
      }),
      400,
      '/videos/0/title is required and must be a string',
      'Accepted: {"videos"',
    );
    expect(json.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/videos/1/title', message: 'must be a string, got the number 5' },
        {
          pointer: '/videos/1/simpleCustomFields/a',
          message: 'must be a string, number, boolean or array of strings, got an object',
        },
      ]),
    );
    const unknown = await problem(
      await send(app, 'POST', '/__mock/seed', { videos: [{ title: 't', state: 'ready' }] }),
      400,
      '"state"',
    );
    expect(unknown.errors?.[0]?.message).toContain('accepted: key, title, tags');
  });
});

describe('admin bodies are bounded and JSON', () => {
  const bodyRoutes: [method: string, path: string][] = [
    ['POST', '/__mock/seed'],
    ['POST', '/__mock/clock/advance'],
    ['PUT', '/__mock/readings'],
    ['PATCH', '/__mock/readings'],
    ['PUT', '/__mock/custom-field-definitions'],
  ];

  it.each(bodyRoutes)('%s %s answers 413 past 1 MiB', async (method, path) => {
    const { app } = api();
    const json = await problem(
      await send(app, method, path, `{"videos":[]}${' '.repeat(MAX_JSON_BYTES)}`),
      413,
      `larger than ${MAX_JSON_BYTES} bytes`,
    );
    expect(json.type).toContain('payload-too-large');
  });

  it.each(bodyRoutes)('%s %s answers 415 without a JSON Content-Type', async (method, path) => {
    const { app } = api();
    const bytes = new TextEncoder().encode('{}');
    await problem(await app.request(path, { method, body: bytes }), 415, 'got no Content-Type');
    await problem(
      await send(app, method, path, '{}', { 'content-type': 'text/plain' }),
      415,
      'Content-Type "text/plain"',
    );
  });

  it.each([
    ['POST', '/__mock/faults'],
    ['PUT', '/__mock/faults'],
    ['POST', '/__mock/webhooks'],
  ])('%s %s answers 413 and 415 too, in the shape of its other answers', async (method, path) => {
    const { app } = api();
    const large = await send(app, method, path, `[${' '.repeat(MAX_JSON_BYTES)}]`);
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({
      error: 'payload-too-large',
      message: expect.stringContaining('1 MiB'),
    });
    const plain = await send(app, method, path, '{}', { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ error: 'unsupported-media-type', issues: [{ where: '' }] });
    expect(app.mock.faults.list()).toEqual([]);
    expect(app.mock.webhooks.list()).toEqual([]);
  });

  it.each(['/__mock/seed', '/__mock/faults', '/__mock/webhooks'])(
    'POST %s stops reading an endless chunked body at the bound',
    async (path) => {
      const { app } = api();
      const { stream, pulled } = endless();
      const request = new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: stream,
        duplex: 'half',
      } as RequestInit);
      const response = await app.request(request);
      expect(response.status).toBe(413);
      expect(pulled.bytes).toBeLessThan(MAX_JSON_BYTES + 4 * 64 * 1024);
    },
  );

  it('seeds within the bound, and says a route that needs a body got none', async () => {
    const { app } = api();
    const videos = Array.from({ length: 2000 }, (_, i) => ({ title: `video ${i}` }));
    expect((await send(app, 'POST', '/__mock/seed', { videos })).status).toBe(200);
    await problem(await app.request('/__mock/seed', { method: 'POST' }), 400, 'The seed body is empty');
    await problem(
      await app.request('/__mock/readings', { method: 'PUT', headers: JSON_TYPE }),
      400,
      '{} for the defaults',
    );
    await problem(await send(app, 'POST', '/__mock/clock/advance', '{"ms":'), 400, 'not valid JSON');
  });

  it('lets routes without a body through without a Content-Type', async () => {
    const { app } = api();
    app.mock.seed([{ title: 't', key: 'k' }]);
    expect((await app.request('/__mock/videos/k/ready', { method: 'POST' })).status).toBe(200);
    expect((await app.request('/__mock/faults', { method: 'DELETE' })).status).toBe(200);
    expect((await app.request('/__mock/reset', { method: 'POST' })).status).toBe(204);
  });
});

describe('the readings body', () => {
  it.each(['PATCH', 'PUT'])(
    '%s refuses an unknown id, __proto__ too, naming it and the accepted ids',
    async (method) => {
      const { app } = api();
      const before = app.mock.getReadings();
      const json = await problem(
        await send(app, method, '/__mock/readings', '{"__proto__":{"error-shape":"error-object"}}'),
        400,
        'unknown id "__proto__"',
        'accepted ids: ',
        'error-shape',
      );
      expect(json.type).toContain('bad-reading');
      expect(app.mock.getReadings()).toEqual(before);
    },
  );

  it('refuses a reading that is not a string, naming the accepted ones', async () => {
    const { app } = api();
    await problem(
      await send(app, 'PATCH', '/__mock/readings', { 'error-shape': 5 }),
      400,
      'unknown reading "5" for error-shape (accepted: problem-json, message-object, error-object)',
    );
    await problem(
      await send(app, 'PATCH', '/__mock/readings', ['error-shape']),
      400,
      'must be a JSON object',
    );
  });
});

describe('the journal query', () => {
  it.each(['-1', '1.5', 'yesterday', '2026-11-22T08:30:00', '2026-11-22 08:30', '', '2026-02-30T00:00:00Z'])(
    'refuses since=%j, naming the accepted forms',
    async (since) => {
      const { app } = api();
      const json = await problem(
        await app.request(`/__mock/journal?since=${encodeURIComponent(since)}`),
        400,
        'a sequence number',
        'ISO 8601',
      );
      expect(json.errors).toEqual([
        { pointer: '?since', message: expect.stringContaining(JSON.stringify(since)) },
      ]);
      expect(() => app.mock.journal({ since })).toThrow('is not accepted');
    },
  );

  it('takes a sequence number or an ISO date or date-time with offset', async () => {
    const { app, keys, get } = api();
    const [key = ''] = await keys();
    await get(key);
    const entries = async (query: string) =>
      ((await (await app.request(`/__mock/journal?${query}`)).json()) as { entries: unknown[] }).entries;
    expect(await entries('since=0')).toHaveLength(2);
    expect(await entries('since=1')).toHaveLength(1);
    expect(await entries('since=2000-01-01')).toHaveLength(2);
    expect(await entries('since=2000-01-01T00:00:00%2B01:00')).toHaveLength(2);
    expect(await entries('since=2999-01-01T00:00:00Z')).toHaveLength(0);
  });

  it('refuses an unknown filter, naming the accepted ones', async () => {
    const { app } = api();
    await problem(await app.request('/__mock/journal?status=200'), 400, 'method, path, operationId, since');
  });
});
