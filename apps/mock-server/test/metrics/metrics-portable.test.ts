/**
 * Without metrics (the portable app on the web platform: msw, an edge runtime) the pipeline
 * observes nothing and `GET /__mock/metrics` is the mock's own 404; the operation label of a
 * request is its operationId or one of a fixed few, never its path.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { operationLabel } from '../../src/http/metrics.js';
import { SPEC_OPERATIONS } from '../../src/http/operations.js';

describe('GET /__mock/metrics on a platform without metrics', () => {
  it('answers 404 with X-Mock-Error: metrics-unavailable, as problem+json', async () => {
    const app = createApp({ realTimeClock: false });
    await app.request('/api/v1/videos/v-none', { headers: { authorization: 'Bearer mock-token' } });
    const res = await app.request('/__mock/metrics');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-mock-error')).toBe('metrics-unavailable');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const body = (await res.json()) as { code: string; detail: string };
    expect(body.code).toBe('metrics-unavailable');
    expect(body.detail).toContain('Node');
    await app.mock.close();
  });

  it('is still behind the admin token', async () => {
    const app = createApp({ realTimeClock: false, adminToken: 'admin-secret' });
    expect((await app.request('/__mock/metrics')).status).toBe(401);
    const res = await app.request('/__mock/metrics', { headers: { authorization: 'Bearer admin-secret' } });
    expect(res.status).toBe(404);
    await app.mock.close();
  });
});

describe('operationLabel', () => {
  const fixed = ['admin', 'playback', 'console', 'other'];

  it('is the operationId when there is one', () => {
    for (const { operationId, specPath } of SPEC_OPERATIONS)
      expect(operationLabel(operationId, specPath, false, false)).toBe(operationId);
  });

  it('is one of a fixed few for any other path, never the path', () => {
    fc.assert(
      fc.property(fc.webPath(), fc.boolean(), fc.boolean(), (path, admin, consolePage) => {
        const label = operationLabel(undefined, path, admin, consolePage);
        expect(fixed).toContain(label);
        if (admin) expect(label).toBe('admin');
        else if (consolePage) expect(label).toBe('console');
        else expect(label).toBe(path.startsWith('/hls/') ? 'playback' : 'other');
      }),
    );
  });
});
