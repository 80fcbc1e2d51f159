/**
 * Example values of the members the `custom-field-formats` readings add to the record (§2: the
 * alternative formats to simpleCustomFields), built from the example's own `simpleCustomFields` and
 * the reading's schema: an object keyed by field name (`additionalProperties`) or a list with one
 * entry per field (`items`), each entry holding the field's `value`, its name under `key`, and the
 * `type` the schema's alternative (`anyOf`) for that form of value gives as a `const`.
 */

import { isObject } from '../json-object.js';

/** Whether `value` has the JSON type(s) of `schema` (and its items theirs). */
function accepts(schema: unknown, value: unknown): boolean {
  if (!isObject(schema)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.some((type) => {
    if (type === 'array')
      return Array.isArray(value) && value.every((item) => !schema.items || accepts(schema.items, item));
    if (type === 'integer') return Number.isInteger(value);
    if (type === 'null') return value === null;
    if (type === 'object') return isObject(value);
    return typeof value === type;
  });
}

/** One field as an entry of `schema`: its name (`key`), its value, and the members its alternative fixes. */
function entryOf(schema: unknown, name: string, value: unknown): unknown {
  if (!isObject(schema)) return value;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const entry: Record<string, unknown> = {};
  if ('key' in properties) entry.key = name;
  if ('value' in properties) entry.value = value;
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : [];
  const form = alternatives.find(
    (alternative) =>
      isObject(alternative) &&
      isObject(alternative.properties) &&
      accepts(alternative.properties.value, value),
  );
  const fixed = isObject(form) && isObject(form.properties) ? form.properties : {};
  for (const [member, sub] of Object.entries(fixed)) {
    if (isObject(sub) && sub.const !== undefined) entry[member] = sub.const;
  }
  return entry;
}

/**
 * The example of a member holding one entry per custom field, or undefined when `schema` is not
 * such a member (an object of entries keyed by name, or a list of entries).
 *
 * @example
 * fieldsExample({ type: 'array', items: { properties: { key: {}, value: {} } } }, { views: 42 });
 * // [{ key: 'views', value: 42 }]
 */
export function fieldsExample(schema: unknown, fields: Record<string, unknown>): unknown {
  if (!isObject(schema)) return undefined;
  const entries = Object.entries(fields);
  if (schema.type === 'object' && isObject(schema.additionalProperties)) {
    const each = schema.additionalProperties;
    return Object.fromEntries(entries.map(([name, value]) => [name, entryOf(each, name, value)]));
  }
  if (schema.type === 'array' && isObject(schema.items)) {
    const each = schema.items;
    return entries.map(([name, value]) => entryOf(each, name, value));
  }
  return undefined;
}
