/**
 * The one seeded pseudo-random generator of the faults and webhooks modules (mulberry32), so that
 * a run can be replayed: the same seed and the same sequence of requests give the same faults,
 * jitter, duplicates and reorderings.
 *
 * @example
 * const random = createRandom(42);
 * random.next();        // a float in [0, 1), the same for seed 42 every time
 * random.int(0, 10);    // an integer in [0, 10]
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number;
  /** Whether an event of probability `p` (0..1) happens. */
  chance(p: number): boolean;
  /** The items in a shuffled order (Fisher–Yates); the input is not modified. */
  shuffle<T>(items: readonly T[]): T[];
}

/** The seed used when none is given: a run without a seed is still reproducible. */
const DEFAULT_SEED = 1;

/** Reduces any number to an unsigned 32-bit seed (non-integers and negatives included). */
export function toSeed(seed: number | undefined): number {
  if (seed === undefined || !Number.isFinite(seed)) return DEFAULT_SEED;
  return Math.trunc(seed) >>> 0;
}

/**
 * A mulberry32 generator: fast, 32-bit state, good enough for test faults (not for secrets).
 *
 * @example
 * const a = createRandom(7), b = createRandom(7);
 * a.next() === b.next(); // true
 */
export function createRandom(seed?: number): Random {
  let state = toSeed(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => p > 0 && next() < p,
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
  };
}
