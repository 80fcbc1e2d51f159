/**
 * The seed takes every member of the generated create entry (§4.1), checked with messages worded
 * from the generated schema, and keeps them as create does.
 */
import { zCreateVideoEntry } from '@video-api/schema/zod';
import { describe, expect, it } from 'vitest';
import { SEED } from '../../src/control/schemas.js';
import { api } from '../support/api.js';

const seed = (app: ReturnType<typeof api>['app'], videos: unknown) =>
  app.request('/__mock/seed', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ videos }),
  });

describe('the seed and the create entry', () => {
  it('accepts each member of the generated entry, and says so in its shape', () => {
    const members = typeof SEED.members === 'function' ? SEED.members(['videos', 0]) : SEED.members;
    for (const name of Object.keys(zCreateVideoEntry.shape)) {
      expect(members).toContain(name);
      expect(SEED.accepted).toContain(`"${name}"`);
    }
    expect(SEED.accepted).toContain('"title": string, "tags"?: [string]');
  });

  it('words the type a member of the entry takes from its generated schema', async () => {
    const { app } = api();
    const res = await seed(app, [{ title: 't', tags: 'x' }, { title: 't', tags: [5] }, { tags: [] }]);
    expect(res.status).toBe(400);
    const { issues } = (await res.json()) as { issues: Array<{ pointer: string; message: string }> };
    expect(issues).toEqual([
      { pointer: '/videos/0/tags', message: 'must be an array of strings, got the string "x"' },
      { pointer: '/videos/1/tags/0', message: 'must be a string, got the number 5' },
      { pointer: '/videos/2/title', message: 'is required and must be a string' },
    ]);
  });

  it('keeps the members it is given as create does (shown under with-extra-fields)', async () => {
    const { app } = api({ readings: { 'video-record-fields': 'with-extra-fields' } });
    const [key = ''] = await app.mock.seed([{ title: 'Seeded', tags: ['a', 'b'] }]);
    const res = await app.request(`/api/v1/videos/${key}`, {
      headers: { authorization: 'Bearer mock-token' },
    });
    expect(await res.json()).toMatchObject({ title: 'Seeded', tags: ['a', 'b'] });
  });
});
