/** The mock's guards beyond the readings: custom fields per video and the size of one record. */
import { errorDetail } from '@video-api/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../src/options.js';
import { api } from '../support/api.js';

const fieldsOf = (count: number, value: (i: number) => string | number = (i) => i, prefix = 'f') =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, value(i)]));

const storedFields = async (get: (key: string) => Promise<Response>, key: string) =>
  ((await (await get(key)).json()) as { simpleCustomFields: Record<string, unknown> }).simpleCustomFields;

describe('custom fields per video (maxCustomFields, default 500)', () => {
  it('accepts 500 fields and refuses 501 with the validation status, storing nothing', async () => {
    const { put, get, keys } = api();
    const [key = ''] = await keys();
    expect((await put(key, { simpleCustomFields: fieldsOf(500) })).status).toBe(200);
    const res = await put(key, { simpleCustomFields: fieldsOf(501, (i) => i, 'g') });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(errorDetail(body)).toMatch(/501 custom fields.*at most 500/);
    expect(Object.keys(await storedFields(get, key))).toHaveLength(500);
  });

  it('counts the fields the video keeps under merge, and only the body under replace', async () => {
    const { put, get, keys } = api({ maxCustomFields: 10 });
    const [key = ''] = await keys();
    await put(key, { simpleCustomFields: fieldsOf(6) });
    const merged = await put(key, { simpleCustomFields: fieldsOf(6, (i) => i, 'g') });
    expect(merged.status).toBe(400);
    expect(errorDetail(await merged.json())).toMatch(/12 custom fields/);
    expect(await storedFields(get, key)).toEqual(fieldsOf(6));
    // Fields already stored count once; a field removed with null (custom-field-null: removes-field) frees its place.
    expect(
      (await put(key, { simpleCustomFields: { ...fieldsOf(6), g0: 1, g1: 2, g2: 3, g3: 4 } })).status,
    ).toBe(200);
    const removing = { reading: 'custom-field-null=removes-field' };
    expect((await put(key, { simpleCustomFields: { f0: null, g4: 5 } }, removing)).status).toBe(200);
    const replaced = await put(
      key,
      { simpleCustomFields: fieldsOf(10, (i) => i, 'h') },
      { reading: 'custom-fields-omitted=replace' },
    );
    expect(replaced.status).toBe(200);
  });

  it('answers 422 under error-codes: validation-422', async () => {
    const { put, keys } = api({ maxCustomFields: 1 });
    const [key = ''] = await keys();
    const res = await put(
      key,
      { simpleCustomFields: { a: 1, b: 2 } },
      { reading: 'error-codes=validation-422' },
    );
    expect(res.status).toBe(422);
  });
});

describe('the size of one record (maxRecordBytes, default 256 KiB)', () => {
  it('refuses an update that would make the record larger with 413, storing nothing', async () => {
    const { put, get, keys } = api();
    const [key = ''] = await keys();
    const big = fieldsOf(200, () => 'x'.repeat(1200)); // ~241 KB
    expect((await put(key, { simpleCustomFields: big })).status).toBe(200);
    const res = await put(key, { simpleCustomFields: fieldsOf(20, () => 'y'.repeat(1200), 'g') });
    expect(res.status).toBe(413);
    expect(errorDetail(await res.json())).toMatch(/at most 262144 bytes/);
    expect(await storedFields(get, key)).toEqual(big);
  });

  it('counts characters as UTF-8 bytes of the JSON text', async () => {
    const { put, keys } = api({ maxRecordBytes: 1000 });
    const [key = ''] = await keys();
    // 300 × "é" is 600 bytes: with the title and punctuation under 1000; 500 × "é" is not.
    expect((await put(key, { simpleCustomFields: { a: 'é'.repeat(300) } })).status).toBe(200);
    expect((await put(key, { simpleCustomFields: { a: 'é'.repeat(500) } })).status).toBe(413);
  });

  it('refuses a created video whose title and tags are larger, creating none of the request', async () => {
    const { create, get } = api({ maxRecordBytes: 1000 });
    const res = await create({
      projectKey: 'p',
      videos: [{ title: 'small' }, { title: 'big', tags: ['x'.repeat(600), 'y'.repeat(600)] }],
    });
    expect(res.status).toBe(413);
    expect(errorDetail(await res.json())).toMatch(/\/videos\/1|videos\[1\]|second/);
    expect((await get('v-0001')).status).toBe(404);
  });
});

describe('guard options', () => {
  it('accepts integers >= 1 and refuses anything else, naming the option', () => {
    expect(resolveOptions({ maxCustomFields: 3, maxRecordBytes: 4096 })).toMatchObject({
      maxCustomFields: 3,
      maxRecordBytes: 4096,
    });
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }), fc.string()), (bad) => {
        expect(() => resolveOptions({ maxCustomFields: bad as number })).toThrow(/maxCustomFields/);
        expect(() => resolveOptions({ maxRecordBytes: bad as number })).toThrow(/maxRecordBytes/);
      }),
    );
  });
});
