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

/** Printable ASCII but `"` and `\\`: a string of only these is its own JSON text between quotes. */
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** UTF-8 bytes of `value` as JSON; a plain ASCII string, a finite number or a boolean without serializing. */
function jsonBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      if (value.length < 64 && PLAIN_ASCII.test(value)) return value.length + 2;
      break;
    case 'boolean':
      return value ? 4 : 5;
    case 'number':
      if (Number.isFinite(value)) return String(value).length; // JSON writes a finite number as String does
      break;
  }
  return utf8Bytes(JSON.stringify(value) ?? 'null');
}

/** Bytes of one field as a JSON member: `"name":value,`. */
export function fieldBytes(name: string, value: unknown): number {
  return jsonBytes(name) + jsonBytes(value) + 2;
}

/**
 * Sizes of frozen field objects already measured: a stored record's fields are measured once, so an
 * update measures only the fields it changes (the memory store keeps a frozen fields object as is).
 */
const measured = new WeakMap<object, number>();

/**
 * The sum of `fieldBytes` over `fields`: the bytes of its JSON text (`{` + members + `}`) less one
 * (for the last member's missing comma), 0 for none. Fields hold JSON values (none undefined).
 */
export function fieldsBytes(fields: Readonly<Record<string, unknown>>): number {
  const known = measured.get(fields);
  if (known !== undefined) return known;
  let bytes = 0;
  for (const name in fields) if (Object.hasOwn(fields, name)) bytes += fieldBytes(name, fields[name]);
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
