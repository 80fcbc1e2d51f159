/** The kinds of custom field value (§2): one per value form, and which kind a value is. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIELD_KINDS, fieldKindOf, isOfFieldKind } from '../src/field-kinds.js';
import { openapiDocument } from '../src/generated/openapi.js';

describe('field kinds', () => {
  // [value, kind]
  const table: Array<[unknown, string | undefined]> = [
    ['a free text note', 'string'],
    [42, 'number'],
    [-1.5, 'number'],
    [true, 'boolean'],
    ['2026-11-22T08:30:00Z', 'date-time'],
    ['2026-11-22T09:30:00+01:00', 'string'],
    ['2026-02-30T08:30:00Z', 'string'],
    [['news', 'sport'], 'string-array'],
    [[], 'string-array'],
    [['news', 1], undefined],
    [null, undefined],
    [{ a: 1 }, undefined],
    [Number.NaN, undefined],
  ];
  it.each(table)('%j is of kind %s', (value, kind) => {
    expect(fieldKindOf(value)).toBe(kind);
  });

  it('gives each example value of the spec its own kind, one per form of §2', () => {
    const { examples } = (
      openapiDocument as { components: { schemas: { CustomFieldValue: { examples: unknown[] } } } }
    ).components.schemas.CustomFieldValue;
    expect(examples.map(fieldKindOf)).toEqual([...FIELD_KINDS]);
  });

  it('a value is of the kind it reads as (property)', () => {
    const value = fc.oneof(
      fc.string(),
      fc.double(),
      fc.boolean(),
      fc.array(fc.string()),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constant(null),
    );
    fc.assert(
      fc.property(value, (v) => {
        const kind = fieldKindOf(v);
        if (kind !== undefined) expect(isOfFieldKind(v, kind)).toBe(true);
        const others = FIELD_KINDS.filter((k) => k !== kind && isOfFieldKind(v, k));
        expect(others).toEqual(kind === 'date-time' ? ['string'] : []);
      }),
    );
  });
});
