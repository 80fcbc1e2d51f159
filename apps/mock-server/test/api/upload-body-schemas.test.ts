/** §4.2: the upload's answer under each `upload-response-body` reading is what the spec's meaning of that reading says. */
import { meaningOf, readingsOf } from '@video-api/schema';
import { readingSchemas } from '@video-api/schema/zod';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api.js';

describe('upload bodies and the spec', () => {
  const schemas = readingSchemas['upload-response-body'];
  it.each(readingsOf('upload-response-body'))(
    '%s: only its own schema accepts the answer',
    async (reading) => {
      const mock = api({ readings: { 'upload-response-body': reading } });
      const [key] = await mock.keys(1);
      const response = await mock.upload(key as string);
      expect(response.status).toBe(200);
      const text = await response.text();
      if (reading === 'empty') {
        // `empty` has schema false: no body at all.
        expect(text).toBe('');
      } else {
        const accepted = readingsOf('upload-response-body').filter(
          (r) => schemas[r].safeParse(JSON.parse(text)).success,
        );
        expect(accepted).toEqual([reading]);
      }
    },
  );
});

describe('the upload answer right after the upload (the spec example shows the same)', () => {
  it.each(readingsOf('video-states'))(
    "video-states=%s: the record's status is the reading's afterUpload word",
    async (reading) => {
      const mock = api({ readings: { 'upload-response-body': 'video-record', 'video-states': reading } });
      const [key] = await mock.keys(1);
      const response = await mock.upload(key as string);
      expect((await response.json()).status).toBe(meaningOf('video-states', reading).afterUpload);
    },
  );

  it('readiness-field=ready-flag: the answer is not ready yet', async () => {
    const mock = api({
      readings: { 'upload-response-body': 'video-record', 'readiness-field': 'ready-flag' },
    });
    const [key] = await mock.keys(1);
    expect((await (await mock.upload(key as string)).json()).ready).toBe(false);
  });
});
