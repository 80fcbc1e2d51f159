/** The seeded PRNG of the mock as a plain function (mulberry32, from faults/prng.ts): runs replay. */
import { createRandom } from './prng.js';

/**
 * Returns a function that yields numbers in [0, 1) from `seed`. Exported for the reliability and
 * bench runs, so they draw the same sequences as the mock.
 *
 * @example
 * const next = seededRandom(7);
 * next(); // the same value on every run
 */
export function seededRandom(seed: number): () => number {
  const random = createRandom(seed);
  return () => random.next();
}
