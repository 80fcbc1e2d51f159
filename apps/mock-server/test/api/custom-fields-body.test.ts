import { zUpdateCustomFieldsRequest } from '@video-api/schema/zod';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainUpdateBody } from '../../src/api/custom-fields-body.js';

/** Values a custom field may hold (§2), values it may not, and a few JSON shapes around them. */
const fieldValue = fc.oneof(
  fc.string(),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.constantFrom('2026-11-26T06:00:00Z', '2026-11-26T06:00:00.5Z'),
  fc.array(fc.jsonValue(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
);
const fieldName = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', '0'));
/** Bodies as JSON.parse gives them: near-valid ones most, any JSON value too. */
const body = fc
  .oneof(
    fc.record({ simpleCustomFields: fc.dictionary(fieldName, fieldValue, { maxKeys: 4 }) }),
    fc.record(
      { simpleCustomFields: fc.dictionary(fieldName, fieldValue), extra: fc.jsonValue() },
      { requiredKeys: ['extra'] },
    ),
    fc.record({ simpleCustomFields: fc.jsonValue() }),
    fc.jsonValue(),
  )
  .map((value) => JSON.parse(JSON.stringify(value)) as unknown);

const hasProtoField = (value: unknown) => {
  const fields = (value as { simpleCustomFields?: unknown } | null)?.simpleCustomFields;
  return typeof fields === 'object' && fields !== null && Object.hasOwn(fields, '__proto__');
};

describe('isPlainUpdateBody, the precompiled check of zUpdateCustomFieldsRequest', () => {
  it('accepts only bodies the generated schema accepts, and returns them as zod would', () => {
    fc.assert(
      fc.property(body, (value) => {
        if (!isPlainUpdateBody(value)) return;
        const parsed = zUpdateCustomFieldsRequest.safeParse(value);
        expect(parsed.success).toBe(true);
        // The same members in the same order (toStrictEqual would compare `.constructor`, a field name here).
        expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts every body the generated schema accepts, but for a field named __proto__', () => {
    fc.assert(
      fc.property(body, (value) => {
        const accepted = zUpdateCustomFieldsRequest.safeParse(value).success && !hasProtoField(value);
        expect(isPlainUpdateBody(value)).toBe(accepted);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the generated schema on numbers JSON.parse reads as infinite or negative zero', () => {
    for (const number of ['1e400', '-1e400', '-0', '1e-400', '9007199254740993']) {
      const value: unknown = JSON.parse(`{"simpleCustomFields":{"n":${number}}}`);
      expect(isPlainUpdateBody(value)).toBe(zUpdateCustomFieldsRequest.safeParse(value).success);
    }
  });

  it('leaves a field named __proto__ to zod and the handler', () => {
    expect(isPlainUpdateBody(JSON.parse('{"simpleCustomFields":{"__proto__":"x"}}'))).toBe(false);
    expect(isPlainUpdateBody({ simpleCustomFields: { views: 1, tags: ['a'], at: null } })).toBe(true);
  });
});
