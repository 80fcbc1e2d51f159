/** §4.2: the upload's answer under each `upload-response-body` reading is what the spec's meaning of that reading says. */
import { readingsOf } from '@video-api/schema';
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
