/**
 * The alternative formats of custom fields (§2: "the alternative formats to simpleCustomFields: not
 * shown"), as the `custom-field-formats` readings add them to the record: `customFields` (keyed by
 * name) and `customFieldEntries` (one entry per field), each with the type word the real service
 * behind this interface uses for the field's form (text, number, switch, labels), as the reading's
 * schema in the spec gives it.
 */

import type { ReadingOf } from '@video-api/schema';
import { FIELD_KINDS, type FieldKind, fieldKindOf, meaningOf } from '@video-api/schema';
import type { FieldValue } from './types.js';

/** The JSON type of each kind of value's form (§2): what the reading's alternatives tell apart. */
const JSON_TYPE: Record<FieldKind, string> = {
  string: 'string',
  'date-time': 'string',
  number: 'number',
  boolean: 'boolean',
  'string-array': 'array',
};

/**
 * The service's type word of each kind of value (a date-time is text there), from the spec: the
 * `const` of `type` in the alternative (`anyOf`) of the reading's field entry whose `value` has the
 * kind's JSON type.
 */
const SERVICE_TYPE = ((): Record<FieldKind, string> => {
  const { schema } = meaningOf('custom-field-formats', 'with-custom-fields');
  const alternatives = schema.properties.customFields.additionalProperties.anyOf;
  const wordOf = (kind: FieldKind): string => {
    const form = alternatives.find((alternative) => alternative.properties.value.type === JSON_TYPE[kind]);
    if (form === undefined) throw new Error(`custom-field-formats gives no type word for a ${kind} value`);
    return form.properties.type.const;
  };
  return Object.fromEntries(FIELD_KINDS.map((kind) => [kind, wordOf(kind)])) as Record<FieldKind, string>;
})();

const typeOf = (value: FieldValue) => SERVICE_TYPE[fieldKindOf(value) ?? 'string'];

/**
 * The members `reading` adds to the record for `fields` (none under `simple-only`); each matches the
 * reading's schema in the spec (tested).
 *
 * @example
 * alternativeFormats({ views: 42 }, 'with-custom-fields'); // { customFields: { views: { value: 42, type: 'number' } } }
 */
export function alternativeFormats(
  fields: Readonly<Record<string, FieldValue>>,
  reading: ReadingOf<'custom-field-formats'>,
): Record<string, unknown> {
  return FORMATS[reading](Object.entries(fields));
}

type Entries = [string, FieldValue][];

// Built with Object.fromEntries, so a field named "__proto__" stays a plain member.
const typed = (entries: Entries) =>
  Object.fromEntries(entries.map(([name, value]) => [name, { value, type: typeOf(value) }]));

/** The members each `custom-field-formats` reading adds beside `simpleCustomFields`. */
const FORMATS: Readonly<
  Record<ReadingOf<'custom-field-formats'>, (entries: Entries) => Record<string, unknown>>
> = {
  'simple-only': () => ({}),
  'with-custom-fields': (entries) => ({ customFields: typed(entries) }),
  'with-field-entries': (entries) => ({
    customFields: typed(entries),
    customFieldEntries: entries.map(([key, value]) => ({ key, value, type: typeOf(value) })),
  }),
};
