/**
 * Thousands of generated bad requests, from the schemas (near-valid bodies with one part broken)
 * and raw garbage (any JSON, any bytes, any headers, any path): never a 5xx, and the server keeps
 * serving. Seeded, so a failure replays.
 */
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api } from './support/api.js';

const SEED = 20261122;
const AUTH = 'Bearer mock-token';

/** A valid create body or custom-fields body with one member replaced by anything. */
const brokenCreate = fc
  .record(
    {
      projectKey: fc.oneof(fc.string(), fc.anything()),
      videos: fc.oneof(
        fc.array(
          fc.record(
            { title: fc.oneof(fc.string(), fc.anything()), tags: fc.anything() },
            { requiredKeys: [] },
          ),
        ),
        fc.anything(),
      ),
    },
    { requiredKeys: [] },
  )
  .map((body) => JSON.stringify(body));

const brokenFields = fc
  .oneof(
    fc.record({ simpleCustomFields: fc.dictionary(fc.string(), fc.anything()) }),
    fc.record({ simpleCustomFields: fc.anything(), extra: fc.anything() }, { requiredKeys: [] }),
    fc.anything(),
  )
  .map((body) => JSON.stringify(body) ?? 'undefined');

const garbageText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.jsonValue().map((v) => JSON.stringify(v)),
);

const readingHeader = fc.oneof(
  fc.constant(undefined),
  fc.string(),
  fc.constantFrom(
    'error-shape=error-object',
    'error-codes=validation-422',
    'custom-field-null=removes-field, status-codes=semantic',
  ),
);

const segment = fc.oneof(
  fc.constantFrom(
    'v-0001',
    'v-0002',
    '..',
    '%2e%2e',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    'custom-fields',
    'playlist.m3u8',
  ),
  fc.string().map(encodeURIComponent),
);

async function assertServes(app: ReturnType<typeof api>['app']) {
  const res = await app.request('/api/v1/videos/v-0001', { headers: { authorization: AUTH } });
  expect(res.status).toBe(200);
}

// Thousands of requests per test: the timeout is a guard against a hang, not a speed target (see bench/).
describe('generated bad requests never get a 5xx', { timeout: 180_000 }, () => {
  it('create and custom-fields bodies broken from the schemas, with any reading header', async () => {
    const { app, keys } = api();
    await keys(2);
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        brokenCreate,
        brokenFields,
        readingHeader,
        async (create, createBody, fieldsBody, reading) => {
          const headers: Record<string, string> = { authorization: AUTH, 'content-type': 'application/json' };
          if (reading !== undefined) headers['x-mock-reading'] = reading;
          const res = create
            ? await app.request('/api/v1/videos', { method: 'POST', headers, body: createBody })
            : await app.request('/api/v1/videos/v-0001/custom-fields', {
                method: 'PUT',
                headers,
                body: fieldsBody,
              });
          expect(res.status, await res.clone().text()).toBeLessThan(500);
          if (res.status >= 400) expect(res.headers.get('content-type')).toMatch(/json/);
        },
      ),
      { seed: SEED, numRuns: 2000 },
    );
    await assertServes(app);
  });

  it('any method, path, headers and text body', async () => {
    const { app, keys } = api();
    await keys(2);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
        fc.array(segment, { minLength: 0, maxLength: 6 }),
        fc.constantFrom('', '/api/v1/videos', '/api/upload/v1/form-data/videos', '/hls', '/__mock', '/docs'),
        fc.record(
          {
            authorization: fc.oneof(fc.constant(AUTH), fc.string(), fc.constant('Bearer ')),
            'content-type': fc.oneof(
              fc.constantFrom(
                'application/json',
                'multipart/form-data',
                'multipart/form-data; boundary=x',
                'text/plain',
              ),
              fc.string(),
            ),
          },
          { requiredKeys: [] },
        ),
        garbageText,
        async (method, segments, prefix, headers, body) => {
          const path = `${prefix}/${segments.join('/')}`;
          const safeHeaders = Object.fromEntries(
            Object.entries(headers).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v)),
          );
          const init: RequestInit = { method, headers: safeHeaders };
          if (method !== 'GET' && method !== 'HEAD') init.body = body;
          const res = await app.request(path, init);
          expect(res.status, `${method} ${path} → ${await res.clone().text()}`).toBeLessThan(500);
        },
      ),
      { seed: SEED, numRuns: 1500 },
    );
    await assertServes(app);
  });

  it('multipart uploads of raw garbage bytes', async () => {
    const { app, keys } = api({ maxUploadBytes: 4096 });
    await keys(2);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 6000 }),
        fc.oneof(
          fc.constant('b0undary'),
          fc.string({ minLength: 1, maxLength: 70 }).filter((s) => /^[\x21-\x7e]+$/.test(s)),
        ),
        fc.boolean(),
        async (bytes, boundary, framed) => {
          const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.mp4"\r\n\r\n`;
          const body = framed
            ? Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)])
            : bytes;
          const res = await app.request('/api/upload/v1/form-data/videos/v-0002', {
            method: 'POST',
            headers: { authorization: AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` },
            body,
          });
          expect(res.status, await res.clone().text()).toBeLessThan(500);
        },
      ),
      { seed: SEED, numRuns: 800 },
    );
    expect(readdirSync(app.mock.paths().temp)).toEqual([]);
    await assertServes(app);
  });
});
