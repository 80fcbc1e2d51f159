/** What a round trip compares: string lists as multisets (any order), date-times as instants. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameValue } from '../src/support/same-value.js';

describe('sameValue of string lists', () => {
  it('holds for the same strings in any order (property)', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.string(), { maxLength: 8 })
          .chain((list) =>
            fc.tuple(
              fc.constant(list),
              fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
            ),
          ),
        ([written, read]) => {
          expect(sameValue(written, read)).toBe(true);
        },
      ),
    );
  });

  it('fails when a string is lost, added or replaced, however ordered (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 8 }), fc.string(), (written, other) => {
        fc.pre(!written.includes(other));
        expect(sameValue(written, written.slice(1))).toBe(false);
        expect(sameValue(written, [...written, other])).toBe(false);
        expect(sameValue(written, [other, ...written.slice(1)].reverse())).toBe(false);
      }),
    );
  });

  it('counts each string as often as written', () => {
    expect(sameValue(['a', 'a', 'b'], ['a', 'b', 'a'])).toBe(true);
    expect(sameValue(['a', 'a', 'b'], ['a', 'b', 'b'])).toBe(false);
    expect(sameValue(['a'], 'a')).toBe(false);
  });
});

describe('sameValue of other values', () => {
  it('compares date-times as instants, and everything else exactly', () => {
    expect(sameValue('2026-11-22T08:30:00Z', '2026-11-22T08:30:00.000Z')).toBe(true);
    expect(sameValue('2026-11-22T08:30:00Z', '2026-11-22T08:30:01Z')).toBe(false);
    expect(sameValue(42, 42)).toBe(true);
    expect(sameValue(true, 'true')).toBe(false);
  });
});
