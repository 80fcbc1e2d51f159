/** Readings of what a read of custom fields carries (§2): the order of string lists, the forms of values. */
import { expect } from 'vitest';
import { json, type Table } from './context.js';

const WRITTEN = ['delta', 'alpha', 'charlie', 'bravo'];

/** The custom fields of an answer. */
async function fieldsOf(res: Response): Promise<Record<string, unknown>> {
  return (await json(res)).simpleCustomFields as Record<string, unknown>;
}

export const fieldEffects: Pick<Table, 'list-order' | 'custom-field-types'> = {
  'list-order': {
    kept: async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.put(key, { simpleCustomFields: { topics: WRITTEN, one: ['solo'] } }, init);
      playedIt(res);
      expect(await fieldsOf(res)).toEqual({ topics: WRITTEN, one: ['solo'] });
      const get = await h.get(key, init);
      playedIt(get);
      expect((await fieldsOf(get)).topics).toEqual(WRITTEN);
    },
    'any-order': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.put(key, { simpleCustomFields: { topics: WRITTEN, one: ['solo'] } }, init);
      playedIt(res);
      // The first string moved last: the same strings, each as often as written, in another order.
      const moved = ['alpha', 'charlie', 'bravo', 'delta'];
      expect(await fieldsOf(res)).toEqual({ topics: moved, one: ['solo'] });
      const get = await h.get(key, init);
      playedIt(get);
      expect((await fieldsOf(get)).topics).toEqual(moved);
      // The same order on every read, and the stored list is the one written.
      expect((await fieldsOf(await h.get(key, init))).topics).toEqual(moved);
      const kept = await h.get(key, { headers: { 'x-mock-reading': 'list-order=kept' } });
      expect((await fieldsOf(kept)).topics).toEqual(WRITTEN);
    },
  },
  'custom-field-types': {
    'listed-forms': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      const res = await h.get(key, init);
      playedIt(res);
      // The mock has defined fields (its definitions); a video without their values shows none.
      expect((await h.app.mock.getDefinitions()).length).toBeGreaterThan(0);
      expect(await fieldsOf(res)).toEqual({});
      const put = await h.put(key, { simpleCustomFields: { note: 'x' } }, init);
      playedIt(put);
      expect(await fieldsOf(put)).toEqual({ note: 'x' });
    },
    'any-json': async ({ h, init, playedIt }) => {
      const [key = ''] = await h.keys();
      await h.app.mock.setDefinitions([
        { name: 'note', kind: 'string' },
        { name: 'views', kind: 'number' },
      ]);
      const res = await h.get(key, init);
      playedIt(res);
      // Every defined field without a value reads as null, a form §2 does not list.
      expect(await fieldsOf(res)).toEqual({ note: null, views: null });
      const put = await h.put(key, { simpleCustomFields: { note: 'x', other: 1 } }, init);
      playedIt(put);
      expect(await fieldsOf(put)).toEqual({ note: 'x', views: null, other: 1 });
    },
  },
};
