/** The journal's path column gives back every path as it was recorded, whatever its length or characters. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Journal } from '../../src/state/journal.js';
import { JournalPaths } from '../../src/state/journal-paths.js';

const ascii = fc.string({
  unit: fc.constantFrom(...'/abcdefghijklmnopqrstuvwxyz0123456789-_.%~'),
  maxLength: 80,
});
const anyPath = fc.oneof(
  ascii,
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ maxLength: 200 }),
);

describe('JournalPaths', () => {
  it('gives back each path set in a slot, overwritten in any order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: 7 }), anyPath), { maxLength: 60 }), (writes) => {
        const paths = new JournalPaths(8);
        const expected = new Map<number, string>();
        for (const [slot, path] of writes) {
          paths.set(slot, path);
          expected.set(slot, path);
        }
        for (const [slot, path] of expected) {
          expect(paths.get(slot)).toBe(path);
          expect(paths.is(slot, path)).toBe(true);
        }
      }),
    );
  });

  it('tells a path from any other without building it (property)', () => {
    fc.assert(
      fc.property(anyPath, anyPath, (kept, other) => {
        const paths = new JournalPaths(1);
        paths.set(0, kept);
        expect(paths.is(0, other)).toBe(kept === other);
      }),
    );
  });

  it.each([
    ['a key path', '/api/v1/videos/scale-000042'],
    ['64 characters', `/${'k'.repeat(63)}`],
    ['65 characters (kept as a string)', `/${'k'.repeat(64)}`],
    ['Latin-1', '/api/v1/videos/caf\u00e9'],
    ['beyond Latin-1 (kept as a string)', '/api/v1/videos/\u20ac-\u{1f600}'],
    ['empty', ''],
  ])('keeps %s', (_, path) => {
    const paths = new JournalPaths(2);
    paths.set(1, path);
    expect(paths.get(1)).toBe(path);
    paths.set(1, '/short');
    expect(paths.get(1)).toBe('/short');
  });

  it('forgets every path on clear', () => {
    const paths = new JournalPaths(2);
    paths.set(0, '/api/v1/videos/v-1');
    paths.set(1, `/${'x'.repeat(100)}`);
    paths.clear();
    expect([paths.get(0), paths.get(1)]).toEqual(['', '']);
  });
});

describe('Journal paths over the ring', () => {
  it('shows and filters by the paths of 12 000 distinct keys, the newest 10 000 kept', () => {
    const journal = new Journal();
    const path = (i: number) =>
      `/api/v1/videos/v-${String(i).padStart(6, '0')}${i % 7 === 0 ? '/custom-fields' : ''}`;
    for (let i = 1; i <= 12_000; i++)
      journal.record({
        at: i,
        virtualAt: i,
        method: 'GET',
        path: path(i),
        operationId: 'getVideo',
        status: 200,
        readings: '',
        durationMs: 0,
      });
    const entries = journal.query();
    expect(entries.map((entry) => entry.path)).toEqual(
      Array.from({ length: 10_000 }, (_, i) => path(i + 2_001)),
    );
    expect(journal.query({ path: path(11_998) }).map((entry) => entry.seq)).toEqual([11_998]);
    expect(journal.query({ path: path(1_999) })).toEqual([]);
  });
});
