/** The custom fields a read shows: list order per `list-order`, defined fields per `custom-field-types`. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listsInOrder, shownFields } from '../../src/state/read-fields.js';

const sorted = (list: unknown) => [...(list as string[])].sort();

describe('listsInOrder', () => {
  it('keeps every value as written under kept (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.array(fc.string())), (fields) => {
        expect(listsInOrder(fields, 'kept')).toBe(fields);
      }),
    );
  });

  it('reads every list of distinct strings in another order under any-order, the same strings (property)', () => {
    const list = fc.uniqueArray(fc.string(), { minLength: 2, maxLength: 6 });
    fc.assert(
      fc.property(fc.dictionary(fc.string(), list, { minKeys: 1 }), (fields) => {
        const read = listsInOrder(fields, 'any-order');
        expect(Object.keys(read)).toEqual(Object.keys(fields));
        for (const [name, written] of Object.entries(fields)) {
          expect(read[name]).not.toEqual(written);
          expect(sorted(read[name])).toEqual(sorted(written));
          // Deterministic: the same record reads the same way every time.
          expect(listsInOrder(fields, 'any-order')[name]).toEqual(read[name]);
        }
      }),
    );
  });

  it('leaves other values, lists of one string and the stored object as they are', () => {
    const fields = Object.freeze({ note: 'x', views: 3, one: ['a'], topics: ['a', 'b'] });
    expect(listsInOrder(fields, 'any-order')).toEqual({
      note: 'x',
      views: 3,
      one: ['a'],
      topics: ['b', 'a'],
    });
    expect(fields.topics).toEqual(['a', 'b']);
    expect(listsInOrder({ note: 'x', one: ['a'] }, 'any-order')).toEqual({ note: 'x', one: ['a'] });
  });

  it('keeps a field named __proto__ a field', () => {
    const fields = JSON.parse('{"__proto__": ["a", "b"]}') as Record<string, string[]>;
    const read = listsInOrder(fields, 'any-order');
    expect(Object.hasOwn(read, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toEqual(['b', 'a']);
  });
});

describe('shownFields', () => {
  const defined = () => [{ name: 'note' }, { name: 'views' }, { name: '__proto__' }];

  it('shows only the values under listed-forms, never asking for the definitions', () => {
    const unasked = () => {
      throw new Error('definitions read under listed-forms');
    };
    expect(shownFields({ note: 'x' }, 'listed-forms', unasked)).toEqual({ note: 'x' });
  });

  it('shows every defined field without a value as null under any-json', () => {
    const shown = shownFields({ note: 'x', other: ['a'] }, 'any-json', defined);
    expect(shown).toEqual({ note: 'x', other: ['a'], views: null, ['__proto__']: null });
    expect(Object.hasOwn(shown, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
  });
});
