/**
 * The mock's guards beyond the readings (README "Guards"): most custom fields per video and the
 * largest record, so that one huge record cannot stall requests on other videos. §8 shows no
 * limit; these are the mock's own, like its 1 MiB bound on JSON bodies.
 */
import { HttpError, validationError, validationFailed } from '../http/errors.js';
import type { RequestReadings } from '../readings/request-readings.js';
import type { FieldValue } from '../state/types.js';
import type { Limits } from './deps.js';

export type Guards = Pick<Limits, 'maxCustomFields' | 'maxRecordBytes'>;

/** The parts of a record a client writes: what its size counts. */
export interface WrittenParts {
  title: string;
  tags?: readonly string[] | undefined;
  customFields: Readonly<Record<string, unknown>>;
}

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

/** Bytes of a record's title and tags as JSON. */
export function titleAndTagsBytes(record: Pick<WrittenParts, 'title' | 'tags'>): number {
  return jsonBytes(record.title) + (record.tags ? jsonBytes(record.tags) : 0);
}

/** Bytes of a record's title, tags and custom fields as JSON (what `maxRecordBytes` bounds). */
export function recordBytes(record: WrittenParts): number {
  return titleAndTagsBytes(record) + fieldsBytes(record.customFields);
}

/**
 * 400/422 (`error-codes`) for `count` custom fields on one video, over `max`; always 400 without
 * `readings` (the admin API's seed).
 */
export function tooManyFields(
  readings: RequestReadings | undefined,
  where: string,
  count: number,
  guards: Guards,
  pointer = '/simpleCustomFields',
): HttpError {
  const max = guards.maxCustomFields;
  const detail = `${where} would hold ${count} custom fields; at most ${max} are accepted per video by this mock (option maxCustomFields). Nothing was changed.`;
  const issues = [{ pointer, message: `${count} custom fields; at most ${max} are accepted per video` }];
  return readings ? validationError(readings, detail, issues) : validationFailed(400, detail, issues);
}

/** 413 for a record of `bytes` bytes (title, tags and custom fields as JSON), over `max`. */
export function recordTooLarge(where: string, bytes: number, guards: Guards, pointer: string): HttpError {
  const max = guards.maxRecordBytes;
  return new HttpError(413, {
    code: 'record-too-large',
    title: 'Record too large',
    detail: `${where} would be ${bytes} bytes (its title, tags and custom fields as JSON); at most ${max} bytes are accepted per video by this mock (option maxRecordBytes). Nothing was changed.`,
    issues: [{ pointer, message: `${bytes} bytes; at most ${max} are accepted per video` }],
  });
}

/**
 * Refuses a body whose fields alone break a guard, before it is validated field by field: every
 * field of it stays on the video (its nulls are gone by now), whether omitted fields are kept or
 * removed. The count comes first: it costs no serializing.
 */
export function guardBody(
  readings: RequestReadings,
  key: string,
  titleAndTags: number,
  fields: Readonly<Record<string, unknown>>,
  guards: Guards,
): number {
  const count = Object.keys(fields).length;
  if (count > guards.maxCustomFields) throw tooManyFields(readings, `The video "${key}"`, count, guards);
  const bytes = fieldsBytes(fields);
  if (titleAndTags + bytes > guards.maxRecordBytes)
    throw recordTooLarge(`The video "${key}"`, titleAndTags + bytes, guards, '/simpleCustomFields');
  return bytes;
}

/** An update as guardUpdate sees it: the fields before, the body's, the names removed, the result. */
export interface FieldsUpdate {
  titleAndTags: number;
  before: Readonly<Record<string, FieldValue>>;
  body: Readonly<Record<string, FieldValue>>;
  /** `fieldsBytes(body)`, as guardBody returned it. */
  bodyBytes: number;
  /** The names the body set to null (custom-field-null: removes-field): none of `body`'s, each once. */
  removed: readonly string[];
  /** Whether omitted fields are removed (`custom-fields-omitted: replace`). */
  replace: boolean;
  after: Record<string, FieldValue>;
}

/**
 * Refuses an update whose result breaks a guard, measuring only what it changes (the fields
 * before are measured once, see `measured`); else freezes the result (its arrays too) and
 * remembers its size, so the store keeps it without a copy and the next update finds its size.
 */
export function guardUpdate(
  readings: RequestReadings,
  key: string,
  update: FieldsUpdate,
  guards: Guards,
): Readonly<Record<string, FieldValue>> {
  const { before, after } = update;
  const count = Object.keys(after).length;
  if (count > guards.maxCustomFields) throw tooManyFields(readings, `The video "${key}"`, count, guards);
  let bytes = update.bodyBytes;
  if (!update.replace) {
    bytes += fieldsBytes(before);
    for (const name of [...Object.keys(update.body), ...update.removed]) {
      if (Object.hasOwn(before, name)) bytes -= fieldBytes(name, before[name]);
    }
  }
  if (update.titleAndTags + bytes > guards.maxRecordBytes)
    throw recordTooLarge(`The video "${key}"`, update.titleAndTags + bytes, guards, '/simpleCustomFields');
  for (const value of Object.values(after)) if (Array.isArray(value)) Object.freeze(value);
  Object.freeze(after);
  rememberFieldsBytes(after, bytes);
  return after;
}

/** Refuses a record as it would be stored, when it breaks a guard. */
export function guardRecord(
  readings: RequestReadings | undefined,
  where: string,
  record: WrittenParts & { customFields: Readonly<Record<string, FieldValue>> },
  guards: Guards,
  pointer = '/simpleCustomFields',
): void {
  const count = Object.keys(record.customFields).length;
  if (count > guards.maxCustomFields) throw tooManyFields(readings, where, count, guards, pointer);
  const bytes = recordBytes(record);
  if (bytes > guards.maxRecordBytes) throw recordTooLarge(where, bytes, guards, pointer);
}
