/** The videos the `scale` benchmark stores: their keys and seed entries, the same in every process. */

/** Videos per seed call or `POST /__mock/seed` (the admin API takes at most 10 000). */
export const SEED_CHUNK = 5_000;

/** The key of the i-th video: `scale-000042`. */
export const scaleKey = (i: number): string => `scale-${String(i).padStart(6, '0')}`;

/**
 * Seed entries for videos `from` … `from + count - 1`. Keys are given: without them every seeded
 * video asks the store for its next key (with SQLite, a lookup per key).
 */
export function scaleSeed(from: number, count: number) {
  return Array.from({ length: count }, (_, offset) => {
    const i = from + offset;
    return {
      key: scaleKey(i),
      title: `Video ${i}`,
      simpleCustomFields: { note: 'scale', views: i, featured: i % 2 === 0, topics: ['a', 'b'] },
    };
  });
}
