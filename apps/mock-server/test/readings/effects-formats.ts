/** Readings of the alternative formats of custom fields (§2), each answer matching its reading's schema. */
import { readingSchemas } from '@video-api/schema/zod';
import { expect } from 'vitest';
import { type Ctx, json, type Table } from './context.js';

/** A video with three fields, as get answers it under the reading in force. */
async function videoWithFields({ h, init, playedIt }: Ctx): Promise<Record<string, unknown>> {
  const [key = ''] = await h.keys();
  await h.put(key, { simpleCustomFields: { note: 'n', views: 3, topics: ['a'] } }, init);
  const res = await h.get(key, init);
  playedIt(res);
  return json(res);
}

export const formatEffects: Pick<Table, 'custom-field-formats'> = {
  'custom-field-formats': {
    'simple-only': async (ctx) => {
      const video = await videoWithFields(ctx);
      expect(video).not.toHaveProperty('customFields');
      expect(video).not.toHaveProperty('customFieldEntries');
    },
    'with-custom-fields': async (ctx) => {
      const video = await videoWithFields(ctx);
      expect(readingSchemas['custom-field-formats']['with-custom-fields'].parse(video)).toBeTruthy();
      expect(video.customFields).toEqual({
        note: { value: 'n', type: 'text' },
        views: { value: 3, type: 'number' },
        topics: { value: ['a'], type: 'labels' },
      });
      expect(video).not.toHaveProperty('customFieldEntries');
    },
    'with-field-entries': async (ctx) => {
      const video = await videoWithFields(ctx);
      expect(readingSchemas['custom-field-formats']['with-field-entries'].parse(video)).toBeTruthy();
      expect(video.customFieldEntries).toEqual([
        { key: 'note', value: 'n', type: 'text' },
        { key: 'views', value: 3, type: 'number' },
        { key: 'topics', value: ['a'], type: 'labels' },
      ]);
    },
  },
};
