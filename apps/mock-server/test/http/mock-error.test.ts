/**
 * Errors of the mock itself (src/http/mock-error.ts): a bad X-Mock-* header gets one answer a team
 * can tell from the API's own validation error, whatever the error-shape reading.
 */
import { readingsOf } from '@video-api/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTH, api } from '../support/api.js';

/** Asserts the mock-error contract and returns the body. */
async function expectMockError(res: Response, code: string): Promise<Record<string, unknown>> {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  expect(res.headers.get('x-mock-error')).toBe(code);
  const body = (await res.json()) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'status', 'title', 'type']);
  expect(body).toMatchObject({ type: `urn:video-api-mock:problem:${code}`, status: 400, code });
  return body;
}

describe('a bad X-Mock-Reading header', () => {
  it.each(readingsOf('error-shape'))('is the mock’s own error under error-shape=%s', async (shape) => {
    const { get } = api({ readings: { 'error-shape': shape, 'error-codes': 'validation-422' } });
    const res = await get('v-0001', { reading: 'status-codez=semantic' });
    const body = await expectMockError(res, 'mock-header');
    expect(body.title).toBe('Bad X-Mock-Reading header');
    // What was wrong, where, and what is accepted.
    expect(body.detail).toContain('header X-Mock-Reading');
    expect(body.detail).toContain('unknown id "status-codez"');
    expect(body.detail).toContain('accepted ids:');
  });

  it('names the reading that does not exist and the ones that do', async () => {
    const { create } = api();
    const res = await create({ projectKey: 'p', videos: [{ title: 't' }] }, { reading: 'error-shape=xml' });
    const body = await expectMockError(res, 'mock-header');
    expect(body.detail).toContain(`accepted: ${readingsOf('error-shape').join(', ')}`);
  });

  it('is exposed to pages by CORS, with X-Mock-Sandbox allowed', async () => {
    const { app } = api();
    const res = await app.request('/api/v1/videos/v-1', {
      headers: { ...AUTH, origin: 'http://localhost:5173', 'x-mock-reading': 'nope' },
    });
    await expectMockError(res, 'mock-header');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Mock-Error');
    const preflight = await app.request('/api/v1/videos', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-mock-sandbox',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-mock-sandbox');
  });

  it('is journalled with its status, and a good header still plays', async () => {
    const { app, get } = api();
    await get('v-0001', { reading: 'nope=1' });
    expect((await app.mock.journal()).at(-1)).toMatchObject({ status: 400, path: '/api/v1/videos/v-0001' });
    const ok = await get('v-0001', { reading: 'unknown-video-key=not-found-404' });
    expect(ok.headers.get('x-mock-error')).toBeNull();
  });

  it('never gets a 5xx nor an answer in the API’s error shape, whatever the header says', async () => {
    const { app } = api();
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (value) => {
        const res = await app.request('/api/v1/videos/v-0001', {
          headers: { ...AUTH, 'x-mock-reading': value.replace(/[\r\n\0]/g, ' ') },
        });
        expect(res.status).toBeLessThan(500);
        if (res.status === 400) await expectMockError(res, 'mock-header');
      }),
      { numRuns: 150 },
    );
  });
});
