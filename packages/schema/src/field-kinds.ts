/**
 * The kinds of custom field value (§2 lists the JSON forms a value appears in): their names, which
 * kind a value is, and whether a value is of a kind. The mock defines fields by these kinds
 * (`custom-field-definition: predefined`); the client's typed kinds and the contract suite map onto them.
 */
import { isUtcDateTime } from './date-time.js';

/** One kind per value form of §2: free text, number, flag, UTC date-time, multi-value text. */
export const FIELD_KINDS = ['string', 'number', 'boolean', 'date-time', 'string-array'] as const;
/** A kind of custom field value. */
export type FieldKind = (typeof FIELD_KINDS)[number];

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const CHECK: Record<FieldKind, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  'date-time': (value) => typeof value === 'string' && isUtcDateTime(value),
  'string-array': isStrings,
};

/**
 * Whether `value` is of `kind`. A date-time is also a string; every other value is of one kind.
 *
 * @example
 * isOfFieldKind('2026-11-22T08:30:00Z', 'date-time'); // true
 * isOfFieldKind(['news', 1], 'string-array'); // false
 */
export function isOfFieldKind(value: unknown, kind: FieldKind): boolean {
  return CHECK[kind](value);
}

/**
 * The kind a value reads as (a string in the UTC date-time form is a date-time), or undefined for a
 * value of none of the forms of §2 (null, an object, an array holding a non-string).
 *
 * @example
 * fieldKindOf('2026-11-22T08:30:00Z'); // 'date-time'
 * fieldKindOf('a note'); // 'string'
 */
export function fieldKindOf(value: unknown): FieldKind | undefined {
  if (isOfFieldKind(value, 'date-time')) return 'date-time';
  return FIELD_KINDS.find((kind) => kind !== 'date-time' && isOfFieldKind(value, kind));
}
