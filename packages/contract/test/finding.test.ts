/** A probe's finding is typed by the id it observes: a reading the unknown does not have does not compile. */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Context, type ContextOptions } from '../src/context/context.js';
import type { Finding } from '../src/context/recorder.js';
import type { Observation, ObservationOf, Target } from '../src/support/types.js';

const target = {
  baseUrl: 'http://x',
  uploadBaseUrl: 'http://x',
  token: 't',
  projectKey: 'p',
  fetch,
} as Target;
const context = () => new Context(target, {} as ContextOptions);

describe('Finding', () => {
  it('records a reading of the unknown it observes', async () => {
    const observation = await context().observe('status-codes', async () => ({
      reading: 'semantic',
      evidence: 'create 201',
    }));
    expect(observation).toEqual({
      id: 'status-codes',
      verdict: 'observed',
      reading: 'semantic',
      evidence: 'create 201',
    });
  });

  it('takes only the readings of its id, and other', () => {
    expectTypeOf<Finding<'custom-fields-omitted'>>().toEqualTypeOf<
      { reading: 'merge' | 'replace' | 'other'; evidence: string } | { notObserved: string }
    >();
    expectTypeOf<Finding<'create-answer-order'>>().toEqualTypeOf<
      | { reading: 'request-order' | 'reverse-order' | 'any-order' | 'other'; evidence: string }
      | { notObserved: string }
    >();
    const typo = (ctx: Context) =>
      // @ts-expect-error: 'semantics' is not a reading of status-codes
      ctx.observe('status-codes', async () => ({ reading: 'semantics', evidence: '' }));
    const elsewhere = (ctx: Context) =>
      // @ts-expect-error: 'merge' is a reading of custom-fields-omitted, not of status-codes
      ctx.observe('status-codes', async () => ({ reading: 'merge', evidence: '' }));
    expect([typo, elsewhere]).toHaveLength(2);
  });

  it('types an observation by its id: narrowing on id narrows its reading', () => {
    const readingOf = (observation: Observation) =>
      observation.id === 'custom-fields-omitted' && observation.verdict === 'observed'
        ? observation.reading
        : undefined;
    expectTypeOf(readingOf).returns.toEqualTypeOf<'merge' | 'replace' | 'other' | undefined>();
    expectTypeOf<ObservationOf<'status-codes'>['reading']>().toEqualTypeOf<
      'all-200' | 'semantic' | 'other' | undefined
    >();
  });

  it('still records a reading that escapes the types (from JavaScript) as other, keeping what was seen', async () => {
    const observation = await context().observe('status-codes', async () => ({
      reading: 'semantics' as 'semantic',
      evidence: 'create 201',
    }));
    expect(observation).toEqual({
      id: 'status-codes',
      verdict: 'observed',
      reading: 'other',
      evidence: 'semantics: create 201',
    });
  });
});
