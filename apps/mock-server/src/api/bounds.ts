/**
 * The bounds of a record, checked here only: the length of texts under `field-length-limits` (§8
 * shows none), and the mock's guards beyond the readings (README "Guards"): most custom fields per
 * video and the largest record, so that one huge record cannot stall requests on other videos
 * (the mock's own, like its 1 MiB bound on JSON bodies).
 */
import { type FieldProblem, HttpError, validationError, validationFailed } from '../http/errors.js';
import type { RequestReadings } from '../readings/request-readings.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { pointerSegment } from '../shared/json-pointer.js';
import { BOUNDED_MEMBERS, type BoundedParts } from '../state/record.js';
import type { FieldValue } from '../state/types.js';
import type { Limits } from './deps.js';
import {
  fieldBytes,
  fieldsBytes,
  recordBytes,
  rememberFieldsBytes,
  type WrittenParts,
} from './record-size.js';

export type Guards = Pick<Limits, 'maxCustomFields' | 'maxRecordBytes'>;

/**
 * 400/422 (`error-codes`) for `count` custom fields on one video, over `max`; always 400 without
 * `readings` (the admin API's seed).
 */
function tooManyFields(
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
function recordTooLarge(where: string, bytes: number, guards: Guards, pointer: string): HttpError {
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
  memberBytes: number,
  fields: Readonly<Record<string, unknown>>,
  guards: Guards,
): number {
  const count = Object.keys(fields).length;
  if (count > guards.maxCustomFields) throw tooManyFields(readings, `The video "${key}"`, count, guards);
  const bytes = fieldsBytes(fields);
  if (memberBytes + bytes > guards.maxRecordBytes)
    throw recordTooLarge(`The video "${key}"`, memberBytes + bytes, guards, '/simpleCustomFields');
  return bytes;
}

/** An update as guardUpdate sees it: the stored fields it keeps, the body's, the names removed, the result. */
export interface FieldsUpdate {
  memberBytes: number;
  /**
   * The stored fields the update starts from, as the `custom-fields-omitted` reading keeps them
   * (all of them under merge, none under replace); `after` is these, less `removed`, with `body` over them.
   */
  kept: Readonly<Record<string, FieldValue>>;
  body: Readonly<Record<string, FieldValue>>;
  /** `fieldsBytes(body)`, as guardBody returned it. */
  bodyBytes: number;
  /** The names the body set to null (custom-field-null: removes-field): none of `body`'s, each once. */
  removed: readonly string[];
  after: Record<string, FieldValue>;
}

/**
 * Refuses an update whose result breaks a guard, measuring only what it changes (the stored
 * fields are measured once, see `measured`); else freezes the result (its arrays too) and
 * remembers its size, so the store keeps it without a copy and the next update finds its size.
 */
export function guardUpdate(
  readings: RequestReadings,
  key: string,
  update: FieldsUpdate,
  guards: Guards,
): Readonly<Record<string, FieldValue>> {
  const { kept, after } = update;
  const count = Object.keys(after).length;
  if (count > guards.maxCustomFields) throw tooManyFields(readings, `The video "${key}"`, count, guards);
  let bytes = update.bodyBytes + fieldsBytes(kept);
  for (const name of [...Object.keys(update.body), ...update.removed]) {
    if (Object.hasOwn(kept, name)) bytes -= fieldBytes(name, kept[name]);
  }
  if (update.memberBytes + bytes > guards.maxRecordBytes)
    throw recordTooLarge(`The video "${key}"`, update.memberBytes + bytes, guards, '/simpleCustomFields');
  deepFreeze(after);
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

/** The texts of `value` at `pointer`: itself if a string, its items if an array of strings. */
function textsOf(value: unknown, pointer: string): Text[] {
  if (typeof value === 'string') return [[pointer, value]];
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => textsOf(typeof item === 'string' ? item : undefined, `${pointer}/${i}`));
}

type Text = [pointer: string, text: string];

/** Problems for every text longer than `max`. */
/** Characters as JSON Schema's `maxLength` counts them: code points (an emoji is one, not two UTF-16 units). */
function characters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

function longTexts(texts: readonly Text[], max: number): FieldProblem[] {
  return texts.flatMap(([pointer, text]) => {
    // Fewer UTF-16 units than the limit: fewer characters too, without counting them.
    const length = text.length <= max ? text.length : characters(text);
    return length > max ? [{ pointer, message: `${length} characters; at most ${max} are accepted` }] : [];
  });
}

/**
 * §8 under `field-length-limits: limited`: the texts of the bounded members (title, tags) of the
 * videos of a create body longer than `max`.
 */
export function longVideoTexts(videos: readonly BoundedParts[], max: number): FieldProblem[] {
  const texts = videos.flatMap((video, i) =>
    BOUNDED_MEMBERS.flatMap((member) => textsOf(video[member], `/videos/${i}/${member}`)),
  );
  return longTexts(texts, max);
}

/** §8 under `field-length-limits: limited`: the names and text values of custom fields longer than `max`. */
export function longFieldTexts(fields: Readonly<Record<string, FieldValue>>, max: number): FieldProblem[] {
  const texts = Object.entries(fields).flatMap(([name, value]): Text[] => {
    const pointer = `/simpleCustomFields/${pointerSegment(name)}`;
    return [[pointer, name], ...textsOf(value, pointer)];
  });
  return longTexts(texts, max);
}
