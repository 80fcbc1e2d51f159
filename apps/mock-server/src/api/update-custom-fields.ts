/** §4.4 Update custom fields: PUT /api/v1/videos/{videoKey}/custom-fields. */

import { isOfFieldKind, meaningOf, parseDateTime, type ReadingOf } from '@video-api/schema';
import { zUpdateCustomFieldsRequest } from '@video-api/schema/zod';
import type { Context } from 'hono';
import { checkOwner, checkReadingAuth } from '../http/auth.js';
import { unknownKey } from '../http/conditions.js';
import type { MockEnv } from '../http/context.js';
import { type FieldProblem, problemsFromZod, validationError } from '../http/errors.js';
import { readJson } from '../http/json-body.js';
import { requestHeader } from '../http/request-headers.js';
import { jsonText } from '../http/respond.js';
import type { RequestReadings } from '../readings/request-readings.js';
import { limitsFieldLength } from '../readings/switches.js';
import { pointerSegment } from '../shared/json-pointer.js';
import type { FieldDefinition, FieldValue, VideoRecord } from '../state/types.js';
import { guardBody, guardUpdate, longFieldTexts } from './bounds.js';
import { isPlainUpdateBody } from './custom-fields-body.js';
import type { ApiDeps } from './deps.js';
import { boundedBytes } from './record-size.js';

type Fields = Record<string, FieldValue>;

/** The stored fields a replacing update keeps: none (frozen, so its size is remembered). */
const NO_FIELDS: Readonly<Fields> = Object.freeze({});

function hasNull(fields: object): boolean {
  for (const name in fields) if ((fields as Record<string, unknown>)[name] === null) return true;
  return false;
}

/**
 * §2 lists no null form: what each `custom-field-null` reading does with the names a body sets to
 * null, given in body order. It refuses the body, or gives the names the update removes.
 */
const NULL_FIELDS: Readonly<
  Record<ReadingOf<'custom-field-null'>, (names: string[], readings: RequestReadings) => string[]>
> = {
  rejected: (names, readings) => {
    throw validationError(
      readings,
      'null is not a custom field value; send a string, number, boolean, ISO 8601 UTC date-time or array of strings (§2).',
      names.map((name) => ({
        pointer: `/simpleCustomFields/${pointerSegment(name)}`,
        message: 'null is not accepted',
      })),
    );
  },
  'removes-field': (names) => names,
};

/** Splits out `null` members per the `custom-field-null` reading (NULL_FIELDS). */
function takeNulls(body: unknown, readings: RequestReadings): { body: unknown; removed: string[] } {
  if (typeof body !== 'object' || body === null || !('simpleCustomFields' in body))
    return { body, removed: [] };
  const fields = (body as { simpleCustomFields: unknown }).simpleCustomFields;
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) return { body, removed: [] };
  if (!hasNull(fields)) return { body, removed: [] };
  const nulls = Object.keys(fields).filter((name) => (fields as Record<string, unknown>)[name] === null);
  const removed = NULL_FIELDS[readings.get('custom-field-null')](nulls, readings);
  const gone = new Set(removed);
  const kept = Object.fromEntries(Object.entries(fields).filter(([name]) => !gone.has(name)));
  return { body: { ...body, simpleCustomFields: kept }, removed };
}

/**
 * §4.4 does not show whether fields absent from an update keep their values: what each
 * `custom-fields-omitted` reading keeps of the stored fields before the body's are written over them.
 */
const OMITTED_FIELDS: Readonly<
  Record<
    ReadingOf<'custom-fields-omitted'>,
    (stored: Readonly<Fields>, written: Readonly<Fields>) => Readonly<Fields>
  >
> = {
  merge: (stored) => stored,
  replace: () => NO_FIELDS,
};

/**
 * §2 does not show whether a date-time reads back as written: what each `date-time-read-back`
 * reading stores of the fields an update writes. The text as written, or every string that reads
 * as a date-time as the same instant in one form (UTC with milliseconds).
 */
const DATE_TIMES: Readonly<Record<ReadingOf<'date-time-read-back'>, (written: Fields) => Fields>> = {
  'same-text': (written) => written,
  normalized: (written) => {
    const stored: Fields = {};
    for (const [name, value] of Object.entries(written)) {
      const instant = typeof value === 'string' ? parseDateTime(value) : undefined;
      Object.defineProperty(stored, name, {
        value: instant ? instant.toISOString() : value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return stored;
  },
};

/**
 * `__proto__` is refused as a field name: JSON allows it, but JavaScript objects cannot hold it as
 * a plain field (the generated schema would drop it unvalidated), so it would be silently lost.
 */
function refuseProtoName(body: unknown, readings: RequestReadings): void {
  const fields = (body as { simpleCustomFields?: object }).simpleCustomFields;
  if (fields && Object.hasOwn(fields, '__proto__')) {
    throw validationError(readings, 'The custom field name "__proto__" is not accepted by this mock.', [
      { pointer: '/simpleCustomFields/__proto__', message: 'choose another field name' },
    ]);
  }
}

/**
 * Names not defined, and (`typed`, when `kinds`) values not of their field's kind; under
 * `predefined` only the names count.
 */
/**
 * What each `custom-field-definition` reading checks of the fields an update writes (§4.4 does not
 * show whether a field must be defined first): nothing, that each is defined, or also its kind.
 */
const DEFINITION_CHECKS: Readonly<
  Record<ReadingOf<'custom-field-definition'>, { defined: boolean; kinds: boolean }>
> = {
  implicit: { defined: false, kinds: false },
  predefined: { defined: true, kinds: false },
  typed: { defined: true, kinds: true },
};

function definitionProblems(
  fields: [name: string, value: FieldValue | undefined][],
  definitions: readonly FieldDefinition[],
  kinds: boolean,
): FieldProblem[] {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const names = definitions.map((definition) => definition.name).join(', ') || 'none';
  const problems: FieldProblem[] = [];
  for (const [name, value] of fields) {
    const pointer = `/simpleCustomFields/${pointerSegment(name)}`;
    const definition = byName.get(name);
    if (!definition) problems.push({ pointer, message: `not a defined custom field (defined: ${names})` });
    else if (kinds && definition.kind && value !== undefined && !isOfFieldKind(value, definition.kind)) {
      problems.push({ pointer, message: `the field is defined as ${definition.kind}` });
    }
  }
  return problems;
}

/**
 * The fields an update writes, checked against `record` as it is in the update's transaction: the
 * mock's guards first, on the raw body (a body that alone breaks one is refused before its fields
 * are validated one by one: README "Guards"), then the generated schema, null per
 * `custom-field-null`, date-times per `date-time-read-back`, names per `custom-field-definition`
 * and lengths per `field-length-limits`.
 */
function checkedFields(
  record: VideoRecord,
  raw: unknown,
  readings: RequestReadings,
  deps: Pick<ApiDeps, 'limits' | 'definitions'>,
): { written: Fields; removed: string[]; memberBytes: number; bodyBytes: number } {
  const { body, removed } = takeNulls(raw, readings);
  const memberBytes = boundedBytes(record);
  const rawFields = (body as { simpleCustomFields?: unknown } | null)?.simpleCustomFields;
  const bodyBytes =
    typeof rawFields === 'object' && rawFields !== null && !Array.isArray(rawFields)
      ? guardBody(readings, record.key, memberBytes, rawFields as Record<string, unknown>, deps.limits)
      : 0;
  const parsed = isPlainUpdateBody(body)
    ? { success: true as const, data: body }
    : zUpdateCustomFieldsRequest.safeParse(body);
  if (!parsed.success) {
    throw validationError(
      readings,
      'The body does not match UpdateCustomFieldsRequest: one member simpleCustomFields whose values are a string, number, boolean, ISO 8601 UTC date-time or array of strings (§4.4, §2).',
      problemsFromZod(parsed.error),
    );
  }
  refuseProtoName(body, readings);
  const written = DATE_TIMES[readings.get('date-time-read-back')](
    parsed.data.simpleCustomFields as Record<string, FieldValue>,
  );
  const definition = DEFINITION_CHECKS[readings.get('custom-field-definition')];
  if (definition.defined) {
    const entries: [string, FieldValue | undefined][] = [
      ...Object.entries(written),
      ...removed.map((name) => [name, undefined] as [string, undefined]),
    ];
    const problems = definitionProblems(entries, deps.definitions.current(), definition.kinds);
    if (problems.length > 0) {
      throw validationError(readings, 'Some custom fields are not defined, or not of their kind.', problems);
    }
  }
  if (limitsFieldLength[readings.get('field-length-limits')]) {
    // The names of fields removed by null are names of the body too: bounded like the others.
    const named = { ...written, ...Object.fromEntries(removed.map((name) => [name, ''])) };
    const problems = longFieldTexts(named, deps.limits.maxFieldLength);
    if (problems.length > 0)
      throw validationError(readings, 'Some names or values are longer than accepted.', problems);
  }
  return { written, removed, memberBytes, bodyBytes };
}

/**
 * Handles the update: auth per `auth-update-custom-fields` (§5), the body validated with the
 * generated schema, null per `custom-field-null`, unknown names per `custom-field-definition`,
 * omitted fields per `custom-fields-omitted` (§4.4); answers the §4.3 shape.
 */
export function updateCustomFields(
  deps: Pick<ApiDeps, 'tokens' | 'store' | 'clock' | 'lifecycle' | 'represent' | 'limits' | 'definitions'>,
) {
  const { store, clock, lifecycle } = deps;
  return async (c: Context<MockEnv>) => {
    const readings = c.get('readings');
    const auth = readings.get('auth-update-custom-fields');
    const token = checkReadingAuth(auth, requestHeader(c, 'authorization'), deps.tokens);
    const key = c.req.param('videoKey') ?? '';
    if (lifecycle.scheduled) await lifecycle.settle();
    // The body is read before the video is found, and a refusal of it kept until the video is:
    // an unknown key or another owner's video answers first, as if it had been found first.
    const read = await readJson(c, readings).then(
      (body: unknown) => ({ body }),
      (error: unknown) => ({ error }),
    );
    // Everything else in one transaction of the store, the video read once: an upload or another
    // update may have landed while this body was streaming in (or lands on another instance while
    // this one merges), and writing back a copy read earlier would undo it. The guards count the
    // record as it is in that transaction.
    const next = await store.update(key, (current) => {
      checkOwner(auth, current, token);
      if ('error' in read) throw read.error;
      const fields = checkedFields(current, read.body, readings, deps);
      const kept = OMITTED_FIELDS[readings.get('custom-fields-omitted')](
        current.customFields,
        fields.written,
      );
      const merged = { ...kept, ...fields.written };
      for (const name of fields.removed) delete merged[name];
      const update = {
        memberBytes: fields.memberBytes,
        kept,
        body: fields.written,
        bodyBytes: fields.bodyBytes,
        removed: fields.removed,
      };
      const customFields = guardUpdate(readings, current.key, { ...update, after: merged }, deps.limits);
      return { ...current, customFields, updatedAt: clock.now() };
    });
    if (!next) throw unknownKey(key, readings);
    const { status } = meaningOf('status-codes', readings.get('status-codes')); // §4.5, as the spec's data says
    const text = deps.represent.text(next, readings, c.get('origin'), false);
    return jsonText(text, status.updateCustomFields, readings);
  };
}
