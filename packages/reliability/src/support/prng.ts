/** A small seeded PRNG (mulberry32), so load mixes and fuzz runs replay from a seed. */

/**
 * Returns a function giving numbers in [0, 1), the same sequence for the same seed.
 *
 * @example
 * const next = seededRandom(42);
 * next(); // always the same first number for seed 42
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
