/** keyNumber reads back exactly the keys formatKey makes, so the memory store knows which stored keys it could hand out. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/state/memory-store.js';
import { newRecord } from '../../src/state/record.js';
import { formatKey, keyNumber } from '../../src/state/video-store.js';

describe('keyNumber', () => {
  it('is n for formatKey(n)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(keyNumber(formatKey(n))).toBe(n);
      }),
    );
  });

  it('is 0 for any key formatKey does not make', () => {
    const keyLike = fc.oneof(
      fc.string(),
      fc.stringMatching(/^v-\d{1,8}$/),
      fc.constantFrom('v-0000', 'v-00001', 'v-42', 'V-0001', 'v-0001 ', 'v-1e5', 'v--001'),
    );
    fc.assert(
      fc.property(keyLike, (key) => {
        const n = keyNumber(key);
        if (n !== 0) expect(formatKey(n)).toBe(key);
      }),
    );
    for (const key of ['v-0000', 'v-00001', 'v-42', 'V-0001', 'v-0001 ', 'v-1e5'])
      expect(keyNumber(key)).toBe(0);
  });
});

describe('memory store keys around seeded ones', () => {
  it('never hands out a key stored before, however far ahead it was seeded (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 80 }),
        async (seeded, count) => {
          const store = createMemoryStore();
          await store.putMany(
            seeded.map((n) => newRecord(formatKey(n), { title: 't', projectKey: 'p', owner: undefined }, 0)),
          );
          const keys = await store.nextKeys(count);
          expect(new Set(keys).size).toBe(count);
          for (const key of keys) expect(await store.get(key)).toBeUndefined();
          // The lowest free numbers, in order: gaps between seeded keys are used first.
          const free = Array.from({ length: 200 }, (_, i) => i + 1).filter((n) => !seeded.includes(n));
          expect(keys).toEqual(free.slice(0, count).map(formatKey));
        },
      ),
    );
  });
});
