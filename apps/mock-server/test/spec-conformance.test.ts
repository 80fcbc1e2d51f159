/**
 * The mock never lies about the spec: every 2xx it sends conforms to the generated response
 * schema of its operation. `support/api.ts` checks every response of this suite; this file drives
 * the whole flow under every combination of the readings that shape response bodies.
 */
import { readingsOf } from '@video-api/schema';
import { describe, expect, it } from 'vitest';
import { api, checked } from './support/api.js';

const SHAPING = [
  'readiness-field',
  'video-states',
  'video-record-fields',
  'upload-response-body',
  'status-codes',
  'custom-fields-omitted',
  'custom-field-formats',
] as const;

function combinations(): string[] {
  let rows: string[][] = [[]];
  for (const id of SHAPING) {
    rows = rows.flatMap((row) => readingsOf(id).map((reading) => [...row, `${id}=${reading}`]));
  }
  return rows.map((row) => row.join(', '));
}

describe('the mock never lies about the spec', () => {
  const rows = combinations();

  it(`conforms in the whole flow under all ${rows.length} combinations of the shaping readings`, async () => {
    const before = { ...checked };
    for (const reading of rows) {
      const { create, upload, get, put, app } = api();
      const created = await create(
        { projectKey: 'p', videos: [{ title: 'a', tags: ['t'] }, { title: 'b' }] },
        { reading },
      );
      const [first] = (await created.json()) as { key: string }[];
      const key = first?.key ?? '';
      expect((await upload(key, undefined, { reading })).ok).toBe(true);
      expect((await get(key, { reading })).ok).toBe(true);
      await app.mock.advanceClock(1000);
      expect((await get(key, { reading })).ok).toBe(true);
      expect(
        (await put(key, { simpleCustomFields: { note: 'n', views: 1, topics: ['x'] } }, { reading })).ok,
      ).toBe(true);
      await app.mock.advanceClock(1000);
      expect(
        (await put(key, { simpleCustomFields: { at: '2026-11-22T08:30:00Z', flag: false } }, { reading })).ok,
      ).toBe(true);
      expect((await get(key, { reading })).ok).toBe(true);
    }
    expect(checked.createVideos - before.createVideos).toBe(rows.length);
    expect(checked.getVideo - before.getVideo).toBe(rows.length * 3);
    expect(checked.updateCustomFields - before.updateCustomFields).toBe(rows.length * 2);
    expect(checked.uploadVideoSource - before.uploadVideoSource).toBe(rows.length);
    // 648 flows of 7 requests took 21-22 s at load average 10-12 on two cores, past the default
    // 20 s. Not a speed check (the bench measures speed): room for a busy machine.
  }, 90_000);
});
