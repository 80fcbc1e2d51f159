/** Whether two custom field values are the same value: what a round trip and a generated pair compare. */
import { isUtcDateTime } from '@video-api/schema';

/**
 * Whether two custom field values are the same value: date-times compared as instants (§2), string
 * lists as the same strings each as often, in any order (§2 does not show whether a server keeps
 * the order written: the `list-order` unknown, observed, never asserted).
 *
 * @example
 * sameValue(['a', 'b'], ['b', 'a']); // true
 * sameValue(['a', 'a'], ['a', 'b']); // false
 */
export function sameValue(sent: unknown, got: unknown): boolean {
  if (Array.isArray(sent)) return Array.isArray(got) && sameItems(sent, got);
  if (typeof sent === 'string' && typeof got === 'string' && sent !== got && isUtcDateTime(sent)) {
    return isUtcDateTime(got) && Date.parse(sent) === Date.parse(got);
  }
  return Object.is(sent, got) || sent === got;
}

/** Whether two lists hold the same items, each as often (a multiset), in any order. */
function sameItems(sent: readonly unknown[], got: readonly unknown[]): boolean {
  if (sent.length !== got.length) return false;
  const counts = new Map<unknown, number>();
  for (const item of sent) counts.set(item, (counts.get(item) ?? 0) + 1);
  for (const item of got) {
    const left = counts.get(item);
    if (!left) return false;
    counts.set(item, left - 1);
  }
  return true;
}
