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

/** UTF-8 bytes of `text` (JSON text: lone surrogates are escaped, so every surrogate is one of a pair). */
export function utf8Bytes(text: string): number {
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

/** Bytes of a record's title, tags and custom fields as JSON (what `maxRecordBytes` bounds). */
export function recordBytes(record: WrittenParts): number {
  let bytes = jsonBytes(record.title) + (record.tags ? jsonBytes(record.tags) : 0);
  for (const name of Object.keys(record.customFields)) bytes += fieldBytes(name, record.customFields[name]);
  return bytes;
}

/** Names and sizes of the fields of `fields` that are not null (null removes or is refused, §2). */
export function countFields(fields: object): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) continue;
    count += 1;
    bytes += fieldBytes(name, value);
  }
  return { count, bytes };
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
 * field of it that is not null stays on the video, whether omitted fields are kept or removed.
 */
export function guardBody(
  readings: RequestReadings,
  key: string,
  titleAndTags: number,
  fields: object,
  guards: Guards,
): void {
  const { count, bytes } = countFields(fields);
  if (count > guards.maxCustomFields) throw tooManyFields(readings, `The video "${key}"`, count, guards);
  if (titleAndTags + bytes > guards.maxRecordBytes)
    throw recordTooLarge(`The video "${key}"`, titleAndTags + bytes, guards, '/simpleCustomFields');
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
