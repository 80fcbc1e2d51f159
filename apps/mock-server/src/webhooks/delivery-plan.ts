/**
 * How `webhook-delivery` shapes the stream of deliveries to one target (§6: delivery is not shown;
 * these are the spec's readings):
 * - once-in-order: each event once, in order; a failed delivery is retried before the next is sent;
 * - duplicates: each event is sent 2 or 3 times in a row (the third with probability 1/3, seeded),
 *   same `Webhook-Id` and body;
 * - reordered: events are held for a window and sent in a seeded shuffled order that is never
 *   the original one when the window holds two or more events.
 */
import type { ReadingOf } from '@video-api/schema';
import type { Random } from '../shared/prng.js';

/** How a target queue plays one delivery reading. */
export type DeliveryMode = 'queue' | 'hold';

/** One mode per reading: a new reading in the spec is a type error here until it is played. */
export const DELIVERY_MODES: Record<ReadingOf<'webhook-delivery'>, DeliveryMode> = {
  'once-in-order': 'queue',
  duplicates: 'queue',
  reordered: 'hold',
};

/** How many times each delivery reading sends one event. */
const COPIES: Record<ReadingOf<'webhook-delivery'>, (random: Random) => number> = {
  'once-in-order': () => 1,
  duplicates: (random) => 2 + (random.chance(1 / 3) ? 1 : 0),
  reordered: () => 1,
};

/** How many times one event is sent under a delivery reading. */
export function copiesOf(reading: ReadingOf<'webhook-delivery'>, random: Random): number {
  return COPIES[reading](random);
}

/**
 * A seeded permutation of a held batch that differs from the original order when it can.
 *
 * @example
 * reorder(['a', 'b', 'c'], createRandom(1)); // e.g. ['c', 'a', 'b'], never ['a', 'b', 'c']
 */
export function reorder<T>(batch: readonly T[], random: Random): T[] {
  const shuffled = random.shuffle(batch);
  if (batch.length < 2 || shuffled.some((item, i) => item !== batch[i])) return shuffled;
  return [...batch.slice(1), batch[0] as T];
}
