/**
 * Inputs of the admin API, read and validated: JSON bodies within the bounds of the API's
 * (413, 415), then their schema; the readings body; the journal query. Every refusal is a 4xx
 * that says what was wrong, where and what is accepted.
 */
import type { ReadingChoice } from '@video-api/schema/unspecified';
import type { Context } from 'hono';
import type { z } from 'zod';
import { MockHttpError } from '../http/errors.js';
import { type AcceptedKeys, describeIssues, describeValue } from '../faults/rule-schema.js';
import { parseReadingChoice, ReadingError } from '../readings/request-readings.js';
import { readAdminBody } from './read-body.js';
import {
  adminErrorMap,
  JOURNAL_FILTERS,
  parseSince,
  SEED_MEMBERS,
  SEED_SHAPE,
  SINCE_RULE,
  zAdvanceBody,
  zDefinitionsBody,
  zSeedBody,
} from './schemas.js';

/** What a body route takes: its name in messages, its schema, its shape in words, its members. */
export interface BodySpec<T> {
  what: string;
  schema: z.ZodType<T>;
  accepted: string;
  members: AcceptedKeys;
}

const TITLES = { 400: 'Request validation failed', 413: 'Payload too large', 415: 'Unsupported media type' };

function invalid(what: string, accepted: string, problems: { where: string; message: string }[]) {
  const first = problems[0];
  const where = first && first.where !== '' ? first.where : 'the body';
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : '';
  return new MockHttpError(
    400,
    'validation-failed',
    TITLES[400],
    `${what} is not valid: ${where} ${first?.message ?? 'is not accepted'}${more}. Accepted: ${accepted}.`,
    problems.map(({ where, message }) => ({ pointer: where, message })),
  );
}

/** The body of `c` as a JSON object; 413, 415 or 400 (empty, not JSON, not an object) otherwise. */
async function objectBody(c: Context, what: string, accepted: string): Promise<object> {
  const read = await readAdminBody(c);
  if (!read.ok) {
    throw new MockHttpError(
      read.status,
      read.status === 400 ? 'validation-failed' : read.code,
      TITLES[read.status],
      `${what} ${read.problem}. Accepted: ${accepted}.`,
      read.status === 400 ? [{ pointer: '', message: read.problem }] : [],
    );
  }
  if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value)) {
    throw invalid(what, accepted, [
      { where: '', message: `must be a JSON object, got ${describeValue(read.value)}` },
    ]);
  }
  return read.value;
}

/** The JSON body of `c`, read within bounds (413, 415, 400) and validated against `spec`. */
export async function body<T>(c: Context, spec: BodySpec<T>): Promise<{ value: T; raw: unknown }> {
  const raw = await objectBody(c, spec.what, spec.accepted);
  const parsed = spec.schema.safeParse(raw, { error: adminErrorMap });
  if (!parsed.success) {
    throw invalid(spec.what, spec.accepted, describeIssues(parsed.error, raw, spec.members));
  }
  return { value: parsed.data, raw };
}

export const SEED: BodySpec<z.infer<typeof zSeedBody>> = {
  what: 'The seed body',
  schema: zSeedBody,
  accepted: SEED_SHAPE,
  members: (path) => (path.length === 0 ? SEED_MEMBERS.body : SEED_MEMBERS.video),
};
export const ADVANCE: BodySpec<z.infer<typeof zAdvanceBody>> = {
  what: 'The advance body',
  schema: zAdvanceBody,
  accepted: '{"ms": an integer ≥ 0 (milliseconds)}',
  members: ['ms'],
};
export const DEFINITIONS: BodySpec<z.infer<typeof zDefinitionsBody>> = {
  what: 'The definitions body',
  schema: zDefinitionsBody,
  accepted:
    '{"definitions": [{"name": string, "kind"?: string, number, boolean, date-time or string-array}]}',
  members: (path) => (path.length === 0 ? ['definitions'] : ['name', 'kind']),
};

/**
 * The choice of a readings body: every own member (a `__proto__` member too, which a record
 * schema would drop unseen) must be an id with readings, and its value one of them.
 */
export async function readingsChoice(c: Context): Promise<ReadingChoice> {
  const accepted = '{"<id>": "<reading>", …} (GET /__mock/readings lists them; {} for the defaults with PUT)';
  const raw = await objectBody(c, 'The readings body', accepted);
  const pairs = Object.entries(raw).map(([id, reading]): [string, string] => [
    id,
    typeof reading === 'string' ? reading : JSON.stringify(reading),
  ]);
  try {
    return parseReadingChoice(pairs, 'The readings body');
  } catch (error) {
    if (error instanceof ReadingError)
      throw new MockHttpError(400, 'bad-reading', 'Bad reading choice', `${error.message}.`);
    throw error;
  }
}

/** The journal filter of the query: only the known filters, `since` in one of its two forms. */
export function journalFilter(query: Record<string, string>) {
  const unknown = Object.keys(query).filter((name) => !(JOURNAL_FILTERS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw invalid(
      'The journal query',
      `the filters ${JOURNAL_FILTERS.join(', ')}`,
      unknown.map((name) => ({ where: `?${name}`, message: 'is not a filter of the journal' })),
    );
  }
  const { since, ...rest } = query;
  if (since === undefined) return rest;
  const parsed = parseSince(since);
  if (parsed === undefined) {
    throw invalid('The journal query', SINCE_RULE, [
      {
        where: '?since',
        message: `is neither a sequence number nor an ISO 8601 time, got ${JSON.stringify(since)}`,
      },
    ]);
  }
  return { ...rest, since: parsed };
}
