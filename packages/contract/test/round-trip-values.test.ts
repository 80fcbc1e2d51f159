/**
 * The round-trip checks write values generated from the run's seed: a server that answers a fixed
 * example (as a stateless mock of the spec does) fails them, and the same seed writes the same values.
 */

import { isUtcDateTime } from '@video-api/schema';
import { openapiDocument } from '@video-api/schema/openapi';
import { zCustomFieldValue } from '@video-api/schema/zod';
import { describe, expect, it } from 'vitest';
import type { Target } from '../src/support/types.js';
import { generatedValues, VALUE_FORMS } from '../src/support/values.js';
import { failures, runAgainstMock } from './helpers.js';

type Fetch = Target['fetch'];
const examples = (openapiDocument.components as { examples: Record<string, { value: unknown }> }).examples;
const fixed = (examples.VideoWithCustomFields as { value: { simpleCustomFields: Record<string, unknown> } })
  .value.simpleCustomFields;

/** The mock, except that get-video and update always answer the spec's example fields. */
const echoesTheExample =
  (fetch: Fetch): Fetch =>
  async (request) => {
    const response = await fetch(request);
    const path = new URL(request.url).pathname;
    const video = request.method === 'GET' && /^\/api\/v1\/videos\/[^/]+$/.test(path);
    const update = request.method === 'PUT' && path.endsWith('/custom-fields');
    if (!(video || update) || response.status !== 200) return response;
    const body = (await response.json()) as Record<string, unknown>;
    return Response.json({ ...body, simpleCustomFields: fixed }, { headers: response.headers });
  };

const FORM_CHECKS = VALUE_FORMS.map(({ form }) => `a ${form} value round-trips through update and get`);

describe('generated values', () => {
  it.each([7, -5, 0, 2147483647])(
    'seed %i: two values per form, of that form, neither the example',
    (seed) => {
      const generated = generatedValues(seed);
      expect(generated.map((g) => g.field)).toEqual(['note', 'views', 'featured', 'publishedAt', 'topics']);
      for (const [i, { values }] of generated.entries()) {
        const { example } = VALUE_FORMS[i] as (typeof VALUE_FORMS)[number];
        for (const value of values) expect(zCustomFieldValue.safeParse(value).success).toBe(true);
        expect(values[0]).not.toEqual(values[1]);
        if (typeof example !== 'boolean') expect(values).not.toContainEqual(example);
      }
      const [note, views, featured, publishedAt, topics] = generated.map((g) => g.values);
      expect(note?.every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
      expect(views?.every((v) => Number.isInteger(v))).toBe(true);
      expect(featured).toEqual([featured?.[0], !featured?.[0]]);
      expect(publishedAt?.every((v) => typeof v === 'string' && isUtcDateTime(v))).toBe(true);
      expect(topics?.every((v) => Array.isArray(v) && v.every((s) => typeof s === 'string'))).toBe(true);
    },
  );

  it('the same seed gives the same values; another seed, others', () => {
    expect(generatedValues(11)).toEqual(generatedValues(11));
    expect(generatedValues(11)).not.toEqual(generatedValues(12));
  });
});

describe('a server that answers a fixed example', () => {
  it('fails every round-trip check, each naming the generated value and the seed that writes it again', async () => {
    const report = await runAgainstMock({}, echoesTheExample, { seed: 31 });
    const generated = generatedValues(31);
    for (const [i, name] of FORM_CHECKS.entries()) {
      const check = report.checks.find((c) => c.name === name);
      const { field, values } = generated[i] as (typeof generated)[number];
      expect(check?.verdict, name).toBe('fail');
      expect(check?.detail).toContain(`field "${field}": wrote `);
      expect(check?.detail).toContain(`read ${JSON.stringify(fixed[field])}`);
      expect(values.map((v) => check?.detail.includes(`wrote ${JSON.stringify(v)},`))).toContain(true);
      expect(check?.detail).toMatch(/\(values generated from seed 31; replay with --seed 31\)$/);
    }
    const failed = failures(report).map((f) => f.split(':')[0]);
    expect(failed).toEqual(
      expect.arrayContaining([
        '§4.3 get-video returns every custom field',
        '§2 the client writes every value form typed and reads it back typed',
        '§2 valid custom field maps round-trip through update and get (property)',
      ]),
    );
  });

  it('replayed with the same seed, fails with the very same values', async () => {
    const details = async () =>
      (await runAgainstMock({}, echoesTheExample, { seed: -9 })).checks
        .filter((c) => FORM_CHECKS.includes(c.name))
        .map((c) => c.detail);
    const [first, second] = await Promise.all([details(), details()]);
    expect(first).toHaveLength(5);
    expect(second).toEqual(first);
  });
});

describe('against the mock', () => {
  it('each form check writes its two generated values and reads them back', async () => {
    const report = await runAgainstMock({}, undefined, { seed: 31 });
    expect(failures(report)).toEqual([]);
    for (const [i, { field, values }] of generatedValues(31).entries()) {
      const check = report.checks.find((c) => c.name === FORM_CHECKS[i]);
      expect(check?.detail).toBe(
        `"${field}": ${values.map((v) => JSON.stringify(v)).join(', then ')} read back equal (seed 31)`,
      );
    }
  });
});
