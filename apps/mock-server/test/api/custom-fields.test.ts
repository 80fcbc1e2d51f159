import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, TOKEN } from '../support/api.js';

const EVERY_FORM = {
  note: 'Shot on location in Chiang Mai',
  views: 42,
  featured: true,
  publishedAt: '2026-11-22T08:30:00Z',
  topics: ['news', 'sport'],
};

describe('PUT /api/v1/videos/{videoKey}/custom-fields (§4.4)', () => {
  it('stores fields of all five value forms and GET returns every field (§2, §4.3)', async () => {
    const { put, get, keys } = api();
    const [key = ''] = await keys();
    const res = await put(key, { simpleCustomFields: EVERY_FORM });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ videoKey: key, simpleCustomFields: EVERY_FORM });
    expect(await (await get(key)).json()).toMatchObject({ simpleCustomFields: EVERY_FORM });
  });

  it.each([
    ['an object value', { simpleCustomFields: { a: { b: 1 } } }, '/simpleCustomFields/a'],
    ['an array of numbers', { simpleCustomFields: { a: [1] } }, '/simpleCustomFields/a'],
    ['a second member', { simpleCustomFields: {}, extra: 1 }, ''],
    ['no simpleCustomFields', {}, '/simpleCustomFields'],
  ])('answers 400 for %s and stores nothing', async (_, body, pointer) => {
    const { put, get, keys } = api();
    const [key = ''] = await keys();
    await put(key, { simpleCustomFields: { kept: 'yes' } });
    const res = await put(key, body);
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { errors: { pointer: string }[] };
    expect(problem.errors.map((error) => error.pointer)).toContain(pointer);
    expect(((await (await get(key)).json()) as { simpleCustomFields: unknown }).simpleCustomFields).toEqual({
      kept: 'yes',
    });
  });

  it('answers an unknown key, then another token’s video, before any problem of the body', async () => {
    const { put, keys } = api({
      tokens: [TOKEN, 'other-token'],
      readings: { 'auth-update-custom-fields': 'owner-only', 'custom-field-null': 'rejected' },
    });
    const [key = ''] = await keys();
    const bodies = fc.oneof(
      fc.string(), // JSON or not
      fc.json(),
      fc
        .dictionary(fc.string(), fc.oneof(fc.constant(null), fc.jsonValue()))
        .map((simpleCustomFields) => JSON.stringify({ simpleCustomFields })),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        expect((await put('no-such-video', body)).status).toBe(404);
        const other = await put(key, body, { headers: { authorization: 'Bearer other-token' } });
        expect(other.status).toBe(403);
      }),
      { numRuns: 60 },
    );
  });

  it('answers 404 naming an unknown key', async () => {
    const { put } = api();
    const res = await put('no-such-video', { simpleCustomFields: {} });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { detail: string }).detail).toContain('no-such-video');
  });
});
