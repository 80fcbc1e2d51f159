import { describe, expect, it } from 'vitest';
import { api } from '../support/api.js';

const body = JSON.stringify({ projectKey: 'p', videos: [{ title: 't' }] });

describe('authentication (§5)', () => {
  it.each([
    ['missing', undefined, 'Bearer'],
    ['malformed', 'Token abc', 'Bearer error="invalid_token"'],
    ['unknown', 'Bearer someone-else', 'Bearer error="invalid_token"'],
  ])('answers 401 with WWW-Authenticate for a %s token on create', async (_, authorization, challenge) => {
    const { app } = api();
    const res = await app.request('/api/v1/videos', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      body,
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(challenge);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/Authorization|token/);
  });

  it('requires a token on upload (§5.1)', async () => {
    const { upload, keys } = api();
    const [key = ''] = await keys();
    const res = await upload(key, undefined, { headers: { authorization: '' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('accepts every configured token and no other', async () => {
    const { create } = api({ tokens: ['alpha', 'beta'] });
    const payload = { projectKey: 'p', videos: [{ title: 't' }] };
    expect((await create(payload, { headers: { authorization: 'Bearer alpha' } })).status).toBe(200);
    expect((await create(payload, { headers: { authorization: 'Bearer beta' } })).status).toBe(200);
    expect((await create(payload, { headers: { authorization: 'Bearer mock-token' } })).status).toBe(401);
  });
});
