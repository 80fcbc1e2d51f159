/**
 * The size of a record as the mock's bounds measure it: UTF-8 bytes of its bounded members and
 * custom fields as JSON, the sizes of stored (frozen) field objects remembered.
 */
import { BOUNDED_MEMBERS, type BoundedParts } from '../state/record.js';

const NON_ASCII = /[\u0080-\uffff]/;

/** UTF-8 bytes of `text` (JSON text: lone surrogates are escaped, so every surrogate is one of a pair). */
export function utf8Bytes(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    // 2 bytes below U+0800; a surrogate pair is 4 bytes for 2 units; other BMP characters 3.
    bytes += unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

const jsonBytes = (value: unknown): number => utf8Bytes(JSON.stringify(value) ?? 'null');

/** Bytes of one field as a JSON member: `"name":value,`. */
export function fieldBytes(name: string, value: unknown): number {
  return jsonBytes(name) + jsonBytes(value) + 2;
}

/**
 * Sizes of frozen field objects already measured: a stored record's fields are measured once, so an
 * update measures only the fields it changes (the memory store keeps a frozen fields object as is).
 */
const measured = new WeakMap<object, number>();

/** The sum of `fieldBytes` over `fields`, from one JSON text (`{` + members + `}` less the last comma). */
export function fieldsBytes(fields: Readonly<Record<string, unknown>>): number {
  const known = measured.get(fields);
  if (known !== undefined) return known;
  const text = JSON.stringify(fields);
  const bytes = text === '{}' ? 0 : utf8Bytes(text) - 1;
  if (Object.isFrozen(fields)) measured.set(fields, bytes);
  return bytes;
}

/** Remembers the size of a frozen fields object measured another way (an update's deltas). */
export function rememberFieldsBytes(fields: Readonly<Record<string, unknown>>, bytes: number): void {
  if (Object.isFrozen(fields)) measured.set(fields, bytes);
}

/** Bytes of a record's bounded members (title, tags) as JSON; an absent member counts none. */
export function boundedBytes(record: BoundedParts): number {
  let bytes = 0;
  for (const member of BOUNDED_MEMBERS) if (record[member] !== undefined) bytes += jsonBytes(record[member]);
  return bytes;
}

/** Bytes of a record's bounded members and custom fields as JSON (what `maxRecordBytes` bounds). */
export function recordBytes(record: WrittenParts): number {
  return boundedBytes(record) + fieldsBytes(record.customFields);
}

/** The parts of a record a client writes: what its size counts. */
export type WrittenParts = BoundedParts & { customFields: Readonly<Record<string, unknown>> };
