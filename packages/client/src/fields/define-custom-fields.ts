/**
 * Typed custom fields (§2, §4.4). The document lists five value forms and not how fields are
 * defined, so the user declares each field's kind and gets typed reads and writes: `datetime` is a
 * `Date` in code, written as an ISO 8601 UTC string and read with any zone (Z or an offset).
 */
import {
  isUtcDateTime,
  parseDateTime,
  type ReadCustomFields,
  type SimpleCustomFields,
  type Video,
} from '@video-api/schema';
import type { CallOptions } from '../http/types.js';
import { CustomFieldError, type FieldIssue } from './custom-field-error.js';

/** The five value forms of §2, by the field kind they illustrate. */
export type FieldKind = 'text' | 'counter' | 'flag' | 'datetime' | 'multiText';

/** The value type of a kind in code. */
export type FieldValue<K extends FieldKind> = K extends 'text'
  ? string
  : K extends 'counter'
    ? number
    : K extends 'flag'
      ? boolean
      : K extends 'datetime'
        ? Date
        : string[];

/** Typed values of declared fields; a field absent on the video is absent here (undefined on write is left out). */
export type FieldValues<S extends Record<string, FieldKind>> = {
  -readonly [N in keyof S]?: FieldValue<S[N]> | undefined;
};

interface FieldsClient {
  getVideo(videoKey: string, options?: CallOptions): Promise<Video>;
  updateCustomFields(videoKey: string, fields: SimpleCustomFields, options?: CallOptions): Promise<Video>;
}

export interface CustomFields<S extends Record<string, FieldKind>> {
  readonly kinds: Readonly<S>;
  /**
   * Typed values of the declared fields of `fields` (as read: any value, §2 does not list every
   * form); others are ignored. Throws CustomFieldError for a declared field of another form.
   */
  parse(fields: ReadCustomFields): FieldValues<S>;
  /** The wire form of `values` (undefined values are left out). Throws CustomFieldError. */
  serialize(values: FieldValues<S>): SimpleCustomFields;
  /** Gets the video and parses its fields. */
  read(client: FieldsClient, videoKey: string, options?: CallOptions): Promise<FieldValues<S>>;
  /** Validates and writes `values`, and parses the fields the server answers. */
  write(
    client: FieldsClient,
    videoKey: string,
    values: FieldValues<S>,
    options?: CallOptions,
  ): Promise<FieldValues<S>>;
}

const KINDS: Record<FieldKind, string> = {
  text: 'text (a string)',
  counter: 'a counter (an integer)',
  flag: 'a flag (true or false)',
  datetime:
    'a date-time (a valid Date in the years 0000 to 9999 UTC; on the wire ISO 8601 with seconds and a zone, such as 2026-11-22T08:30:00Z or 2026-11-22T09:30:00+01:00)',
  multiText: 'multi-value text (an array of strings)',
};
const own = (record: object, key: string): boolean => Object.hasOwn(record, key);

function show(value: unknown): string {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? 'an invalid Date' : `Date ${value.toISOString()}`;
  return value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function fromWire(kind: FieldKind, value: unknown): unknown {
  switch (kind) {
    case 'text':
      return typeof value === 'string' ? value : undefined;
    case 'counter':
      return Number.isSafeInteger(value) ? value : undefined;
    case 'flag':
      return typeof value === 'boolean' ? value : undefined;
    case 'datetime':
      return typeof value === 'string' ? parseDateTime(value) : undefined;
    case 'multiText':
      return isStrings(value) ? [...value] : undefined;
  }
}

function toWire(kind: FieldKind, value: unknown): SimpleCustomFields[string] | undefined {
  switch (kind) {
    case 'datetime': {
      if (!(value instanceof Date) || Number.isNaN(value.getTime())) return undefined;
      const iso = value.toISOString();
      return isUtcDateTime(iso) ? iso : undefined;
    }
    case 'multiText':
      return isStrings(value) ? [...value] : undefined;
    default:
      return fromWire(kind, value) as SimpleCustomFields[string] | undefined;
  }
}

/**
 * Declares custom fields by kind.
 *
 * @example
 * const fields = defineCustomFields({ note: 'text', views: 'counter', featured: 'flag', publishedAt: 'datetime', topics: 'multiText' });
 * await fields.write(client, key, { views: 3, publishedAt: new Date('2026-11-22T08:30:00Z') });
 * const { publishedAt } = await fields.read(client, key); // Date | undefined
 */
export function defineCustomFields<const S extends Record<string, FieldKind>>(kinds: S): CustomFields<S> {
  for (const [name, kind] of Object.entries(kinds)) {
    if (name === '' || typeof kind !== 'string' || !own(KINDS, kind)) {
      throw new CustomFieldError([
        { field: name, expected: `one of the kinds ${Object.keys(KINDS).join(', ')}`, got: show(kind) },
      ]);
    }
  }
  const declared = Object.entries(kinds) as [string, FieldKind][];

  // Results are built with Object.fromEntries, so a field named "__proto__" stays a plain field.
  const parse = (fields: ReadCustomFields): FieldValues<S> => {
    const out: [string, unknown][] = [];
    const issues: FieldIssue[] = [];
    for (const [name, kind] of declared) {
      if (!own(fields, name)) continue;
      const value = fromWire(kind, fields[name]);
      if (value === undefined) issues.push({ field: name, expected: KINDS[kind], got: show(fields[name]) });
      else out.push([name, value]);
    }
    if (issues.length > 0) throw new CustomFieldError(issues, 'read');
    return Object.fromEntries(out) as FieldValues<S>;
  };

  const serialize = (values: FieldValues<S>): SimpleCustomFields => {
    const out: [string, SimpleCustomFields[string]][] = [];
    const issues: FieldIssue[] = [];
    for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
      if (value === undefined) continue;
      const kind = own(kinds, name) ? (kinds as Record<string, FieldKind>)[name] : undefined;
      if (kind === undefined) {
        issues.push({
          field: name,
          expected: `one of the declared fields ${Object.keys(kinds).join(', ')}`,
          got: 'an undeclared field',
        });
        continue;
      }
      const wire = toWire(kind, value);
      if (wire === undefined) issues.push({ field: name, expected: KINDS[kind], got: show(value) });
      else out.push([name, wire]);
    }
    if (issues.length > 0) throw new CustomFieldError(issues, 'write');
    return Object.fromEntries(out) as SimpleCustomFields;
  };

  return {
    kinds,
    parse,
    serialize,
    read: async (client, videoKey, options) =>
      parse((await client.getVideo(videoKey, options)).simpleCustomFields),
    write: async (client, videoKey, values, options) =>
      parse((await client.updateCustomFields(videoKey, serialize(values), options)).simpleCustomFields),
  };
}
