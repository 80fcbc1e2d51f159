/** A probe's signs cover every reading of its unknown: one left out, or one the spec lacks, does not compile. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { assertNever, type ReadingsOf, recognise, type Signs } from '../src/support/signs.js';

type Fields = Record<string, unknown>;
const OMITTED: Signs<'custom-fields-omitted', Fields> = {
  merge: (fields) => fields.views === 7,
  replace: (fields) => !('views' in fields) && 'views is gone',
};

describe('recognise', () => {
  it('gives the first reading whose sign shows, with the probe evidence or the sign own words', () => {
    expect(recognise(OMITTED, { views: 7 }, 'read back: views')).toEqual({
      reading: 'merge',
      evidence: 'read back: views',
    });
    expect(recognise(OMITTED, {}, 'read back: (none)')).toEqual({
      reading: 'replace',
      evidence: 'views is gone',
    });
  });

  it('gives other, with the probe evidence, when no sign shows', () => {
    expect(recognise(OMITTED, { views: 8 }, 'read back: views')).toEqual({
      reading: 'other',
      evidence: 'read back: views',
    });
  });

  it('tries the signs in the order they are written', () => {
    const both: Signs<'custom-fields-omitted', Fields> = { replace: () => true, merge: () => true };
    expect(recognise(both, {}, '').reading).toBe('replace');
  });
});

describe('Signs', () => {
  it('needs a sign for every reading of the unknown, and takes none it lacks', () => {
    // @ts-expect-error: replace, a reading of custom-fields-omitted, has no sign
    const missing: Signs<'custom-fields-omitted', Fields> = { merge: () => true };
    const extra: Signs<'custom-fields-omitted', Fields> = {
      merge: () => true,
      replace: () => true,
      // @ts-expect-error: 'keep' is not a reading of custom-fields-omitted
      keep: () => true,
    };
    expect([missing, extra]).toHaveLength(2);
  });

  it('covers every reading of each unknown of a union', () => {
    expectTypeOf<ReadingsOf<'auth-get-video' | 'webhook-method'>>().toEqualTypeOf<
      'required' | 'not-required' | 'owner-only' | 'post' | 'put'
    >();
  });
});

describe('assertNever', () => {
  it('ends a switch that covers every reading, and throws on a value it did not expect', () => {
    const verb = (reading: 'post' | 'put') => {
      switch (reading) {
        case 'post':
          return 'POST';
        case 'put':
          return 'PUT';
        default:
          return assertNever(reading);
      }
    };
    expect(verb('put')).toBe('PUT');
    expect(() => assertNever('patch' as never)).toThrow('no case for "patch"');
  });
});
