/** An order of the mock's own for readings that leave order to the server: the first element moved last. */

/**
 * `items` with the first moved last: for two items or more an order other than the one given
 * (reversed too, for two), and the same for every call, so a run can be replayed.
 *
 * @example
 * firstMovedLast(['a', 'b', 'c']); // ['b', 'c', 'a']
 */
export function firstMovedLast<T>(items: readonly T[]): T[] {
  return [...items.slice(1), ...items.slice(0, 1)];
}
