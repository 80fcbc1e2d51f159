import { describe, expect, it } from 'vitest';
import { api } from '../support/api.js';

describe('GET /api/v1/videos/{videoKey} (§4.3)', () => {
  it('returns videoKey, simpleCustomFields and the status of a new video', async () => {
    const { get, keys } = api();
    const [key = ''] = await keys();
    const res = await get(key);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ videoKey: key, simpleCustomFields: {}, status: 'created' });
  });

  it('answers 404 for an unknown key, also one shaped like a path', async () => {
    const { get } = api();
    for (const key of ['v-9999', '../../etc/passwd', '%2e%2e']) {
      const res = await get(key);
      expect(res.status).toBe(404);
    }
  });

  it('answers an unknown route with 404 in the error shape', async () => {
    const { app } = api();
    const res = await app.request('/api/v2/nothing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });
});
