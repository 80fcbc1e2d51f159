import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepFreeze, frozenCopy, isDeepFrozen } from '../../src/shared/deep-freeze.js';

const data = fc.jsonValue();

describe('frozenCopy', () => {
  it('is an equal, deep-frozen copy that leaves its input as it was', () => {
    fc.assert(
      fc.property(data, (value) => {
        const before = structuredClone(value);
        const copy = frozenCopy(value);
        expect(copy).toEqual(value);
        expect(isDeepFrozen(copy)).toBe(true);
        expect(value).toEqual(before);
        if (typeof value === 'object' && value !== null) expect(Object.isFrozen(value)).toBe(false);
      }),
    );
  });

  it('shares what is deep-frozen already and copies what is not', () => {
    const fields = deepFreeze({ tags: ['a', 'b'], views: 3 });
    const shallow = Object.freeze({ tags: ['c'] });
    const copy = frozenCopy({ key: 'v-1', fields, shallow });
    expect(copy.fields).toBe(fields);
    expect(copy.shallow).not.toBe(shallow);
    expect(Object.isFrozen(copy.shallow.tags)).toBe(true);
    expect(Object.isFrozen(shallow.tags)).toBe(false);
  });

  it('keeps a member named __proto__ as a member', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const copy = frozenCopy(value);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });
});

describe('deepFreeze', () => {
  it('freezes a value and everything in it, in place', () => {
    fc.assert(
      fc.property(data, (value) => {
        expect(deepFreeze(value)).toBe(value);
        expect(isDeepFrozen(value)).toBe(true);
      }),
    );
  });

  it('makes a stored array refuse a write', () => {
    const record = deepFreeze({ tags: ['a'] });
    expect(() => (record.tags as string[]).push('b')).toThrow(TypeError);
  });
});
