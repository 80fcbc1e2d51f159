import { describe, expect, it } from 'vitest';
import { MAX_JSON_BYTES } from '../../src/http/json-body.js';
import { type AdminProblem, adminProblem } from '../support/admin-problem.js';
import { api } from '../support/api.js';

const JSON_TYPE = { 'content-type': 'application/json' };

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
    const source = await app.mock.sourceOf(key);
    const json = await adminProblem(
      await send(app, 'POST', '/__mock/seed', {
        videos: [
          { title: 'new', key: 'fresh' },
          { title: 'X', key },
        ],
      }),
      409,
      'key-conflict',
      `"${key}"`,
      'never overwrites',
      'Nothing was seeded',
    );
    expect(json.issues).toEqual([
      { pointer: '/videos/1/key', message: `a video with the key ${JSON.stringify(key)} exists already` },
    ]);
    expect(await (await get(key)).json()).toEqual(before);
    expect(await app.mock.sourceOf(key)).toEqual(source);
    expect((await get('fresh')).status).toBe(404); // nothing of that seed body applied
  });

  it('answers 400 naming a key given twice in one body, and stores none of it', async () => {
    const { app, get } = api();
    const json = await adminProblem(
      await send(app, 'POST', '/__mock/seed', {
        videos: [{ title: 'a', key: 'dup' }, { title: 'other' }, { title: 'b', key: 'dup' }],
      }),
      400,
      'validation-failed',
      '"dup"',
      'own key',
      'Nothing was seeded',
    );
    expect(json.issues).toEqual([
      {
        pointer: '/videos/2/key',
        message: '"dup" is already the key of /videos/0; each video needs its own key',
      },
    ]);
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

  it('app.mock.seed() throws a clear error in the same cases and stores nothing', async () => {
    const { app } = api();
    const [key = ''] = await app.mock.seed([{ title: 'first', simpleCustomFields: { n: 1 } }]);
    await expect(
      app.mock.seed([
        { title: 'new', key: 'other' },
        { title: 'X', key },
      ]),
    ).rejects.toThrow(`Videos with the key(s) "${key}" exist already`);
    await expect(
      app.mock.seed([
        { title: 'a', key: 'dup' },
        { title: 'b', key: 'dup' },
      ]),
    ).rejects.toThrow('The seed gives the key(s) "dup" to more than one video');
    expect(await app.mock.seed([{ title: 'other', key: 'other' }])).toEqual(['other']);
    await expect(app.mock.seed([{ title: 'again', key: 'dup' }])).resolves.toEqual(['dup']);
  });
});

describe('seed input that could not work', () => {
  it('refuses a custom field named __proto__, as PUT custom-fields does', async () => {
    const { app, get } = api();
    const json = await adminProblem(
      await send(
        app,
        'POST',
        '/__mock/seed',
        '{"videos":[{"title":"t","key":"p","simpleCustomFields":{"__proto__":"p","n":1}}]}',
      ),
      400,
      'validation-failed',
      '"__proto__"',
      'Nothing was seeded',
    );
    expect(json.issues).toEqual([
      {
        pointer: '/videos/0/simpleCustomFields/__proto__',
        message: expect.stringContaining('another field name'),
      },
    ]);
    expect((await get('p')).status).toBe(404);
    await expect(
      app.mock.seed([
        { title: 't', simpleCustomFields: JSON.parse('{"__proto__":["a"]}') as Record<string, string[]> },
      ]),
    ).rejects.toThrow('"__proto__"');
  });

  it.each(['.', '..'])(
    'refuses the key %j, which no URL can address, saying which keys are accepted',
    async (key) => {
      const { app } = api();
      const json = await adminProblem(
        await send(app, 'POST', '/__mock/seed', { videos: [{ title: 't', key }] }),
        400,
        'validation-failed',
        'The seed body is not valid: /videos/0/key',
        'other than "." and ".."',
        'Accepted: {"videos"',
      );
      expect(json.issues).toEqual([
        {
          pointer: '/videos/0/key',
          message: expect.stringContaining(`got the string ${JSON.stringify(key)}`),
        },
      ]);
    },
  );

  it.each(['uploading', 'uploaded', 'processing'])(
    'refuses the phase %s, which a seeded video would never leave, listing the accepted phases',
    async (phase) => {
      const { app, get } = api();
      const json = await adminProblem(
        await send(app, 'POST', '/__mock/seed', { videos: [{ title: 't', key: 'k', phase }] }),
        400,
        'validation-failed',
        '/videos/0/phase',
        'one of created, ready, failed',
      );
      expect(json.issues).toEqual([
        { pointer: '/videos/0/phase', message: expect.stringContaining(JSON.stringify(phase)) },
      ]);
      expect((await get('k')).status).toBe(404);
      // The type refuses these phases; a caller without types (JavaScript, a cast) is refused at run time.
      await expect(app.mock.seed([{ title: 't', phase: phase as 'created' }])).rejects.toThrow(
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
    const json = await adminProblem(
      await send(app, 'POST', '/__mock/seed', {
        videos: [{ key: 'k' }, { title: 5, simpleCustomFields: { a: {} } }],
      }),
      400,
      'validation-failed',
      'The seed body is not valid: /videos/0/title is required and must be a string (and 2 more problem(s))',
      'Accepted: {"videos"',
    );
    expect(json.issues).toEqual(
      expect.arrayContaining([
        { pointer: '/videos/1/title', message: 'must be a string, got the number 5' },
        {
          pointer: '/videos/1/simpleCustomFields/a',
          message: 'must be a string, number, boolean or array of strings, got an object',
        },
      ]),
    );
    const unknown = await adminProblem(
      await send(app, 'POST', '/__mock/seed', { videos: [{ title: 't', state: 'ready' }] }),
      400,
      'validation-failed',
      '"state"',
    );
    expect(unknown.issues).toEqual([
      { pointer: '/videos/0', message: expect.stringContaining('accepted: key, title, tags') },
    ]);
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
    const json = await adminProblem(
      await send(app, method, path, `{"videos":[]}${' '.repeat(MAX_JSON_BYTES)}`),
      413,
      'payload-too-large',
      `larger than ${MAX_JSON_BYTES} bytes (1 MiB), the most an admin body may be. Accepted: `,
    );
    expect(json.issues).toBeUndefined();
  });

  it.each(bodyRoutes)('%s %s answers 415 without a JSON Content-Type', async (method, path) => {
    const { app } = api();
    const bytes = new TextEncoder().encode('{}');
    await adminProblem(
      await app.request(path, { method, body: bytes }),
      415,
      'unsupported-media-type',
      'must be JSON (Content-Type: application/json); got no Content-Type. Accepted: ',
    );
    await adminProblem(
      await send(app, method, path, '{}', { 'content-type': 'text/plain' }),
      415,
      'unsupported-media-type',
      'must be JSON (Content-Type: application/json); got Content-Type "text/plain". Accepted: ',
    );
  });

  it.each([
    ['POST', '/__mock/faults'],
    ['PUT', '/__mock/faults'],
    ['POST', '/__mock/webhooks'],
  ])('%s %s answers 413 and 415 too, as problem+json like its other answers', async (method, path) => {
    const { app } = api();
    const what =
      path === '/__mock/webhooks'
        ? 'The webhook registration'
        : `The fault rule${method === 'PUT' ? 's' : ''} body`;
    await adminProblem(
      await send(app, method, path, `[${' '.repeat(MAX_JSON_BYTES)}]`),
      413,
      'payload-too-large',
      `${what} is larger than ${MAX_JSON_BYTES} bytes (1 MiB)`,
      'Accepted: ',
    );
    await adminProblem(
      await send(app, method, path, '{}', { 'content-type': 'text/plain' }),
      415,
      'unsupported-media-type',
      `${what} must be JSON (Content-Type: application/json); got Content-Type "text/plain". Accepted: `,
    );
    const invalid = await adminProblem(
      await send(app, method, path, '{"x":1}'),
      400,
      'validation-failed',
      what,
    );
    expect(invalid.accepted).toEqual(expect.any(Object));
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
      await adminProblem(await app.request(request), 413, 'payload-too-large', '(1 MiB)');
      expect(pulled.bytes).toBeLessThan(MAX_JSON_BYTES + 4 * 64 * 1024);
    },
  );

  it('seeds within the bound, and says a route that needs a body got none', async () => {
    const { app } = api();
    const videos = Array.from({ length: 2000 }, (_, i) => ({ title: `video ${i}` }));
    expect((await send(app, 'POST', '/__mock/seed', { videos })).status).toBe(200);
    const empty = await adminProblem(
      await app.request('/__mock/seed', { method: 'POST', headers: JSON_TYPE }),
      400,
      'validation-failed',
      'The seed body is empty; send a JSON body. Accepted: {"videos"',
    );
    expect(empty.issues).toEqual([{ pointer: '', message: 'is empty; send a JSON body' }]);
    await adminProblem(
      await app.request('/__mock/readings', { method: 'PUT', headers: JSON_TYPE }),
      400,
      'validation-failed',
      'The readings body is empty; send a JSON body.',
      '{} for the defaults',
    );
    const now = await app.mock.now();
    const malformed = await adminProblem(
      await send(app, 'POST', '/__mock/clock/advance', '{"ms":'),
      400,
      'validation-failed',
      'The advance body is not valid JSON: ',
      'Accepted: {"ms"',
    );
    expect(malformed.issues).toEqual([
      { pointer: '', message: expect.stringMatching(/^is not valid JSON: ./) },
    ]);
    expect(await app.mock.now()).toBe(now);
  });

  // A request with neither a body nor a Content-Type is told its body is empty (400), not that
  // its absent media type is wrong.
  it('says a route that needs a body got none, even without a Content-Type', async () => {
    const { app } = api();
    const response = await app.request('/__mock/seed', { method: 'POST' });
    await adminProblem(response, 400, 'validation-failed', 'The seed body is empty; send a JSON body.');
  });

  it('lets routes without a body through without a Content-Type', async () => {
    const { app } = api();
    await app.mock.seed([{ title: 't', key: 'k' }]);
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
      const before = await app.mock.getReadings();
      const json = await adminProblem(
        await send(app, method, '/__mock/readings', '{"__proto__":{"error-shape":"error-object"}}'),
        400,
        'bad-reading',
        'The readings body',
        'unknown id "__proto__"',
        'accepted ids: ',
        'error-shape',
      );
      expect(json.issues).toBeUndefined();
      expect(await app.mock.getReadings()).toEqual(before);
    },
  );

  it('refuses a reading that is not a string, naming the accepted ones', async () => {
    const { app } = api();
    const before = await app.mock.getReadings();
    await adminProblem(
      await send(app, 'PATCH', '/__mock/readings', { 'error-shape': 5 }),
      400,
      'bad-reading',
      'unknown reading "5" for error-shape (accepted: problem-json, message-object, error-object)',
    );
    const json = await adminProblem(
      await send(app, 'PATCH', '/__mock/readings', ['error-shape']),
      400,
      'validation-failed',
      'The readings body is not valid: the body must be a JSON object, got an array (1 item). Accepted: {"<id>": "<reading>"',
    );
    expect(json.issues).toEqual([{ pointer: '', message: 'must be a JSON object, got an array (1 item)' }]);
    expect(await app.mock.getReadings()).toEqual(before);
  });
});

describe('the journal query', () => {
  it.each(['-1', '1.5', 'yesterday', '2026-11-22T08:30:00', '2026-11-22 08:30', '', '2026-02-30T00:00:00Z'])(
    'refuses since=%j, naming the accepted forms',
    async (since) => {
      const { app } = api();
      const json = await adminProblem(
        await app.request(`/__mock/journal?since=${encodeURIComponent(since)}`),
        400,
        'validation-failed',
        `The journal query is not valid: ?since is neither a sequence number nor an ISO 8601 time, got ${JSON.stringify(since)}.`,
        'Accepted: a sequence number',
        'ISO 8601',
      );
      expect(json.issues).toEqual([
        { pointer: '?since', message: expect.stringContaining(JSON.stringify(since)) },
      ]);
      await expect(app.mock.journal({ since })).rejects.toThrow('is not accepted');
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
    const json = await adminProblem(
      await app.request('/__mock/journal?status=200'),
      400,
      'validation-failed',
      'The journal query is not valid: ?status is not a filter of the journal',
      'Accepted: the filters method, path, operationId, since.',
    );
    expect(json.issues).toEqual([{ pointer: '?status', message: 'is not a filter of the journal' }]);
  });
});

describe('the admin API answers problem+json, whatever the public error shape', () => {
  it.each(['message-object', 'error-object'] as const)(
    'under error-shape=%s, a bad seed is still problem+json with its code and issues',
    async (shape) => {
      const { app, get } = api({ readings: { 'error-shape': shape } });
      // The public API plays the reading…
      const missing = await get('nope');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await missing.json()).toEqual(
        shape === 'message-object'
          ? { message: 'No video has the key "nope".' }
          : { error: { code: 'not-found', message: 'No video has the key "nope".' } },
      );
      // …the admin API does not.
      const json = await adminProblem(
        await send(app, 'POST', '/__mock/seed', { videos: [{ title: 5 }] }),
        400,
        'validation-failed',
        'The seed body is not valid: /videos/0/title must be a string, got the number 5. Accepted: {"videos"',
      );
      expect(json).not.toHaveProperty('message');
      expect(json).not.toHaveProperty('error');
      expect(json).not.toHaveProperty('errors');
      expect(json.issues).toEqual([
        { pointer: '/videos/0/title', message: 'must be a string, got the number 5' },
      ]);
      // The request's own reading does not change it either, nor do the fault and webhook routes differ.
      await adminProblem(
        await send(app, 'POST', '/__mock/seed', '{}', {
          ...JSON_TYPE,
          'x-mock-reading': 'error-shape=error-object',
        }),
        400,
        'validation-failed',
        '/videos is required',
      );
      await adminProblem(
        await send(app, 'POST', '/__mock/faults', { errorRate: 2 }),
        400,
        'validation-failed',
      );
      await adminProblem(await send(app, 'POST', '/__mock/webhooks', {}), 400, 'validation-failed');
      await adminProblem(
        await app.request('/__mock/videos/nope/ready', { method: 'POST' }),
        404,
        'not-found',
      );
      expect((await get('v-0001')).status).toBe(404); // nothing was seeded
    },
  );

  it('answers 401 as problem+json with its challenge when an admin token is set', async () => {
    const { app } = api({ adminToken: 'admin-secret', readings: { 'error-shape': 'message-object' } });
    const missing = await app.request('/__mock/faults', { method: 'POST', headers: JSON_TYPE, body: '{}' });
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    await adminProblem(missing, 401, 'unauthorized', 'The Authorization header is missing');
    const wrong = await app.request('/__mock/readings', { headers: { authorization: 'Bearer mock-token' } });
    expect(wrong.headers.get('www-authenticate')).toContain('invalid_token');
    await adminProblem(wrong, 401, 'unauthorized', 'not one this server accepts');
    expect(app.mock.faults.list()).toEqual([]);
  });

  it('carries its code as a member, the one its type ends with', async () => {
    const { app } = api();
    const answers = [
      await send(app, 'POST', '/__mock/seed', { videos: [{ title: 5 }] }),
      await send(app, 'POST', '/__mock/faults', '{}', { 'content-type': 'text/plain' }),
      await app.request('/__mock/webhooks/wh_9', { method: 'DELETE' }),
      await send(app, 'PATCH', '/__mock/readings', { 'error-shape': 'x' }),
    ];
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as AdminProblem[];
    expect(bodies.map((body) => body.code)).toEqual([
      'validation-failed',
      'unsupported-media-type',
      'not-found',
      'bad-reading',
    ]);
  });
});
