import { describe, expect, it } from 'vitest';
import { api } from './support/api.js';

describe('/openapi.json and /docs', () => {
  it('serves the bundled spec with this server as its server, the upload host included', async () => {
    const { app } = api();
    const spec = (await (await app.request('http://mock.test:4010/openapi.json')).json()) as {
      servers: { url: string }[];
      paths: Record<string, { post?: { servers?: { url: string }[] } }>;
    };
    expect(spec.servers).toEqual([{ url: 'http://mock.test:4010', description: 'This mock server' }]);
    expect(spec.paths['/api/upload/v1/form-data/videos/{videoKey}']?.post?.servers?.[0]?.url).toBe(
      'http://mock.test:4010',
    );
  });

  it('serves the API reference from the mock itself, loading nothing', async () => {
    const { app } = api();
    const res = await app.request('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const page = await res.text();
    expect(page).toContain('data-unknown="status-codes"');
    expect(page).not.toMatch(/<script|<link|\ssrc=/i);
    expect(page).not.toMatch(/https?:\/\/(?!localhost)/);
    expect((await app.request('/docs/../package.json')).status).toBe(404);
  });
});

describe('CORS', () => {
  it('answers preflights of a localhost page, exposes X-Mock-Readings and X-Mock-Rendition and never allows credentials', async () => {
    const { app } = api();
    const preflight = await app.request('/api/v1/videos', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-mock-reading',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-mock-reading');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const res = await app.request('/api/v1/videos/v-1', { headers: { origin: 'http://localhost:5173' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('vary')).toContain('Origin');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Mock-Readings');
    // A page reads which rendition plays (transcoded or placeholder) from another origin too.
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Mock-Rendition');
  });

  it('allows only the configured origins', async () => {
    const { app } = api({ corsOrigins: ['http://allowed.test'] });
    const allowed = await app.request('/openapi.json', { headers: { origin: 'http://allowed.test' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://allowed.test');
    const other = await app.request('/openapi.json', { headers: { origin: 'http://other.test' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('x-mock-error')).toBe('origin-not-allowed');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('request log', () => {
  it('writes one JSON line per request at info, errors only at error, nothing when silent', async () => {
    const lines: string[] = [];
    const { app } = api({ logLevel: 'info', logger: (line) => lines.push(line) });
    await app.request('/api/v1/videos/v-1', { headers: { authorization: 'Bearer mock-token' } });
    await app.request('/openapi.json');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/v1/videos/v-1',
      operationId: 'getVideo',
      status: 404,
    });
    const quiet: string[] = [];
    const { app: errorsOnly } = api({ logLevel: 'error', logger: (line) => quiet.push(line) });
    await errorsOnly.request('/api/v1/videos/v-1');
    expect(quiet).toEqual([]);
  });
});
