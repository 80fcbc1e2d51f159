/**
 * Deep freezing of plain data (objects and arrays of JSON-like values): in place, or as a copy
 * that shares what is deep-frozen already.
 */

type Data = Record<string, unknown> | unknown[];

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null;

/** Whether `value` and everything it holds is frozen (a primitive is). */
export function isDeepFrozen(value: unknown): boolean {
  if (!isData(value)) return true;
  if (!Object.isFrozen(value)) return false;
  for (const key in value) if (!isDeepFrozen((value as Record<string, unknown>)[key])) return false;
  return true;
}

/**
 * Freezes `value` and everything it holds, in place; returns it with its type (mutable types stay,
 * so records built by callers keep theirs).
 *
 * @example
 * const fields = deepFreeze({ tags: ['a'] }); // fields.tags.push('b') throws a TypeError
 */
export function deepFreeze<T>(value: T): T {
  if (!isData(value) || Object.isFrozen(value)) return value;
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}

/**
 * A deep-frozen copy of `value`: what is deep-frozen already is shared, not copied (a stored
 * record's 500 custom fields then cost no copy when only its phase changes). Own enumerable
 * members only, built with Object.fromEntries, so a member named `__proto__` stays a member.
 *
 * @example
 * const stored = frozenCopy(record); // record itself stays mutable
 */
export function frozenCopy<T>(value: T): T {
  if (!isData(value) || isDeepFrozen(value)) return value;
  const copy = Array.isArray(value)
    ? value.map(frozenCopy)
    : Object.fromEntries(Object.entries(value).map(([key, member]) => [key, frozenCopy(member)]));
  return Object.freeze(copy) as T;
}
