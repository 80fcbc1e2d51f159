/** Bodies and queries of the admin API (the mock's own control surface, not the public spec). */
import { idsWithReadings, readingsOf } from '@video-api/schema';
import { zCreateVideoEntry, zCustomFieldValue } from '@video-api/schema/zod';
import { z } from 'zod';
import { zFaultRule } from '../faults/rule-schema.js';
import type { AcceptedKeys } from '../shared/issues.js';
import { FIELD_KINDS, type Phase } from '../state/types.js';

/** What a body route takes: its name in messages, its schema, its shape in words, its members. */
export interface BodySpec<T> {
  what: string;
  schema: z.ZodType<T>;
  accepted: string;
  members: AcceptedKeys;
}

/**
 * Phases a video can be seeded in: those it can stay in or leave by itself. `uploading`,
 * `uploaded` and `processing` are not: the lifecycle only moves a video through them after an
 * upload it received (seed `created`, then upload a file).
 */
export const SEEDABLE_PHASES = ['created', 'ready', 'failed'] as const satisfies readonly Phase[];

/** Keys URLs cannot address: `.` and `..` are dot segments, resolved away before any route sees them. */
const UNADDRESSABLE_KEYS: readonly string[] = ['.', '..'];

const SEED_KEY_RULE =
  'a string of 1 to 200 characters other than "." and ".." (URLs resolve those away; omit key for a generated one)';
export const SEED_PHASE_RULE = `one of ${SEEDABLE_PHASES.join(', ')} (to get a video processing, seed it created, upload a file and advance the clock)`;
const CUSTOM_FIELD_RULE = 'a string, number, boolean or array of strings';

const text = (what = 'must be a string') => z.string({ error: what });

/**
 * One video of a seed: a create entry (every member of the generated schema, §4.1, so a member
 * the spec adds is seedable with no edit here) plus optional state. Closed: an unknown member is refused.
 */
const zSeedVideo = z.strictObject({
  key: text(`must be ${SEED_KEY_RULE}`)
    .min(1, `must be ${SEED_KEY_RULE}`)
    .max(200, `must be ${SEED_KEY_RULE}`)
    .refine((key) => !UNADDRESSABLE_KEYS.includes(key), `must be ${SEED_KEY_RULE}`)
    .optional(),
  ...zCreateVideoEntry.shape,
  projectKey: text().optional(),
  owner: text().optional(),
  simpleCustomFields: z
    .record(z.string(), zCustomFieldValue, {
      error: `must be an object of custom fields (each ${CUSTOM_FIELD_RULE})`,
    })
    .optional(),
  phase: z.enum(SEEDABLE_PHASES, { error: `must be ${SEED_PHASE_RULE}` }).optional(),
});

/** A video to seed (`app.mock.seed()`, `POST /__mock/seed`). */
export type SeedVideo = z.infer<typeof zSeedVideo>;

export const zSeedBody = z.strictObject({
  videos: z
    .array(zSeedVideo, { error: 'must be an array of videos' })
    .max(10_000, 'must hold at most 10000 videos (seed more in several requests)'),
});

/** A value of each type a generated schema may ask for, in words: one, and several. */
const TYPE_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  string: ['a string', 'strings'],
  number: ['a number', 'numbers'],
  boolean: ['a boolean', 'booleans'],
};

/** What a schema of the create entry takes, in words (`an array of strings`), if it is one of the simple kinds. */
function typeWords(schema: z.core.$ZodType): string | undefined {
  const def = schema._zod.def;
  if (def.type !== 'array') return TYPE_WORDS[def.type]?.[0];
  const element = TYPE_WORDS[(def as z.core.$ZodArrayDef).element._zod.def.type];
  return element && `an array of ${element[1]}`;
}

/**
 * Messages for the issues a schema above leaves to zod: a custom field value matching no form, and
 * a member of the generated create entry of the wrong type (its schema has no message of ours).
 */
export const adminErrorMap = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code === 'invalid_union') return `must be ${CUSTOM_FIELD_RULE}`;
  const words =
    issue.code === 'invalid_type' && issue.inst ? typeWords(issue.inst as z.core.$ZodType) : undefined;
  return words && `must be ${words}`;
};

const MAX_ADVANCE_MS = 10 * 365 * 24 * 3600 * 1000;

export const zAdvanceBody = z.strictObject({
  ms: z
    .int({ error: `must be an integer from 0 to ${MAX_ADVANCE_MS} (milliseconds)` })
    .min(0, `must be an integer from 0 to ${MAX_ADVANCE_MS} (milliseconds)`)
    .max(MAX_ADVANCE_MS, `must be an integer from 0 to ${MAX_ADVANCE_MS} (milliseconds)`),
});

const zDefinition = z.strictObject({
  name: text('must be a non-empty string').min(1, 'must be a non-empty string'),
  kind: z.enum(FIELD_KINDS, { error: `must be one of ${FIELD_KINDS.join(', ')}` }).optional(),
});

export const zDefinitionsBody = z.strictObject({
  definitions: z.array(zDefinition, { error: 'must be an array of {name, kind?}' }),
});

export const JOURNAL_FILTERS = ['method', 'path', 'operationId', 'since'] as const;

/** The filters of `GET /__mock/webhooks/deliveries`: members of a delivery record. */
export const DELIVERY_FILTERS = ['eventId', 'targetId', 'videoKey', 'event'] as const;

/** `since` of the journal: a sequence number, or an ISO 8601 date or date-time with its offset. */
export const SINCE_RULE =
  'a sequence number (an integer ≥ 0, e.g. 12) or an ISO 8601 date or date-time with its offset (e.g. 2026-11-22 or 2026-11-22T08:30:00Z)';
const SEQUENCE = /^\d{1,15}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The `since` filter as the journal takes it, or undefined when the text is neither form (a
 * lenient `Date.parse` would read "-1" or "1" as a year).
 *
 * @example
 * parseSince('12'); // 12
 * parseSince('2026-11-22T08:30:00Z'); // '2026-11-22T08:30:00Z'
 * parseSince('-1'); // undefined
 * parseSince('2026-02-30'); // undefined
 */
export function parseSince(since: string): number | string | undefined {
  if (SEQUENCE.test(since)) return Number(since);
  if (!ISO_TIME.test(since) || Number.isNaN(Date.parse(since))) return undefined;
  // Date.parse rolls 2026-02-30 over into March: the day must exist in its month.
  const day = since.slice(0, 10);
  return new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) ? since : undefined;
}

/** A member of the create entry in the words of the seed's shape: `"title": string`, `"tags"?: [string]`. */
function memberWords(name: string, schema: z.core.$ZodType): string {
  const def = schema._zod.def;
  const optional = def.type === 'optional';
  const inner = optional ? (def as z.core.$ZodOptionalDef).innerType._zod.def : def;
  const element = inner.type === 'array' ? (inner as z.core.$ZodArrayDef).element._zod.def.type : undefined;
  const type = element === undefined ? inner.type : `[${element}]`;
  return `"${name}"${optional ? '?' : ''}: ${type}`;
}

/** The seed body in words (the `detail` of a 400). */
const SEED_SHAPE = `{"videos":[{${Object.entries(zCreateVideoEntry.shape)
  .map(([name, schema]) => memberWords(name, schema))
  .join(', ')}, "key"?, "projectKey"?, "owner"?, "simpleCustomFields"?: {name: value}, "phase"?}]}`;

export const SEED: BodySpec<z.infer<typeof zSeedBody>> = {
  what: 'The seed body',
  schema: zSeedBody,
  accepted: SEED_SHAPE,
  members: (path) => Object.keys(path.length === 0 ? zSeedBody.shape : zSeedVideo.shape),
};
export const ADVANCE: BodySpec<z.infer<typeof zAdvanceBody>> = {
  what: 'The advance body',
  schema: zAdvanceBody,
  accepted: '{"ms": an integer ≥ 0 (milliseconds)}',
  members: Object.keys(zAdvanceBody.shape),
};
export const DEFINITIONS: BodySpec<z.infer<typeof zDefinitionsBody>> = {
  what: 'The definitions body',
  schema: zDefinitionsBody,
  accepted:
    '{"definitions": [{"name": string, "kind"?: string, number, boolean, date-time or string-array}]}',
  members: (path) =>
    path.length === 0 ? Object.keys(zDefinitionsBody.shape) : Object.keys(zDefinition.shape),
};

/**
 * The readings body (PUT and PATCH /__mock/readings) for the admin document: each id with readings,
 * as one of its readings. The route checks the same registry, through `parseReadingChoice`.
 */
export const zReadingsBody = z.strictObject(
  Object.fromEntries(idsWithReadings.map((id) => [id, z.enum(readingsOf(id) as string[]).optional()])),
);

/**
 * The fault rules body (PUT /__mock/faults): `[rule, …]` or `{"rules": [rule, …]}`, as
 * `validateRules` reads it.
 */
export const zFaultRulesBody = z.union([z.array(zFaultRule), z.strictObject({ rules: z.array(zFaultRule) })]);
