import { type ReadingOf, readingsOf } from '@video-api/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/shared/prng.js';
import { copiesOf, reorder } from '../../src/webhooks/delivery-plan.js';

describe('the delivery plan', () => {
  it('reorders any batch of two or more distinct events into another permutation (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { minLength: 0, maxLength: 20 }),
        fc.integer(),
        (batch, seed) => {
          const out = reorder(batch, createRandom(seed));
          expect([...out].sort((a, b) => a - b)).toEqual([...batch].sort((a, b) => a - b));
          if (batch.length >= 2) expect(out).not.toEqual(batch);
          expect(reorder(batch, createRandom(seed))).toEqual(out);
        },
      ),
    );
  });

  it('sends 2 or 3 copies under duplicates and 1 otherwise, for any seed (property)', () => {
    const expected: Record<ReadingOf<'webhook-delivery'>, number[]> = {
      'once-in-order': [1],
      duplicates: [2, 3],
      reordered: [1],
    };
    expect(Object.keys(expected).sort()).toEqual([...readingsOf('webhook-delivery')].sort());
    fc.assert(
      fc.property(fc.constantFrom(...readingsOf('webhook-delivery')), fc.integer(), (reading, seed) => {
        expect(expected[reading]).toContain(copiesOf(reading, createRandom(seed)));
      }),
    );
  });
});
