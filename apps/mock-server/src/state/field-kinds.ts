/**
 * The kinds of custom field the mock knows (§2 value forms, for `custom-field-definition:
 * predefined`): which kind a value is, and whether a value is of a kind.
 */
import { isUtcDateTime } from '@video-api/schema';
import type { FieldKind, FieldValue } from './types.js';

/** The ISO 8601 UTC date-time form of §2 (`2026-11-22T08:30:00Z`), as every layer reads it. */
const isDateTime = (value: FieldValue) => typeof value === 'string' && isUtcDateTime(value);

const CHECK: Record<FieldKind, (value: FieldValue) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number',
  boolean: (value) => typeof value === 'boolean',
  'date-time': isDateTime,
  'string-array': (value) => Array.isArray(value),
};

/** Whether `value` is of `kind`. */
export function isOfKind(value: FieldValue, kind: FieldKind): boolean {
  return CHECK[kind](value);
}

/**
 * The kind a value reads as (a date-time string is a date-time).
 *
 * @example
 * kindOf('2026-11-22T08:30:00Z'); // 'date-time'
 */
export function kindOf(value: FieldValue): FieldKind {
  if (Array.isArray(value)) return 'string-array';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return isDateTime(value) ? 'date-time' : 'string';
}
