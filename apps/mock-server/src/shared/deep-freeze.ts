/**
 * Deep freezing of plain data (objects and arrays of JSON-like values): in place, or as a copy
 * that shares what is deep-frozen already. Plain loops: a stored record passes through here on
 * every write.
 */

type Data = Record<string, unknown> | unknown[];

const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null;

/** Whether `value` and everything it holds is frozen (a primitive is). */
export function isDeepFrozen(value: unknown): boolean {
  if (!isData(value)) return true;
  if (!Object.isFrozen(value)) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (isData(value[i]) && !isDeepFrozen(value[i])) return false;
    return true;
  }
  for (const key of Object.keys(value)) if (isData(value[key]) && !isDeepFrozen(value[key])) return false;
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
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (isData(value[i])) deepFreeze(value[i]);
  } else {
    for (const key of Object.keys(value)) if (isData(value[key])) deepFreeze(value[key]);
  }
  return Object.freeze(value);
}

/** Sets `copy[key]` as an own member, `__proto__` included (an assignment would set the prototype). */
function setMember(copy: Record<string, unknown>, key: string, member: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(copy, key, { value: member, enumerable: true, writable: true, configurable: true });
  else copy[key] = member;
}

/**
 * A deep-frozen copy of `value`: what is deep-frozen already is shared, not copied (a stored
 * record's 500 custom fields then cost no copy when only its phase changes). Own enumerable
 * members only; a member named `__proto__` stays a member.
 *
 * @example
 * const stored = frozenCopy(record); // record itself stays mutable
 */
export function frozenCopy<T>(value: T): T {
  if (!isData(value) || isDeepFrozen(value)) return value;
  if (Array.isArray(value)) {
    const copy = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = frozenCopy(value[i]);
    return Object.freeze(copy) as T;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setMember(copy, key, frozenCopy(value[key]));
  return Object.freeze(copy) as T;
}
