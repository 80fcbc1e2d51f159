/**
 * Inputs of the admin API, read and validated: JSON bodies through the one body reader
 * (src/http/json-body.ts: 413, 415, 400), then their schema; the readings body; the journal
 * query. Every refusal is an HttpError that says what was wrong, where and what is accepted;
 * the admin API answers them as problem+json.
 */
import type { ReadingChoice } from '@video-api/schema';
import type { Context } from 'hono';
import { HttpError } from '../http/errors.js';
import { type BodyProblem, MAX_JSON_BYTES, readJsonBody } from '../http/json-body.js';
import { requestHeader } from '../http/request-headers.js';
import { parseReadingChoice, ReadingError } from '../readings/choice.js';
import { describeIssues, describeValue, type Issue } from '../shared/issues.js';
import { adminErrorMap, type BodySpec, JOURNAL_FILTERS, parseSince, SINCE_RULE } from './schemas.js';

/**
 * The 400 for input that does not validate: the first problem in the detail, all in `issues`.
 *
 * @example
 * throw invalidInput('The seed body', SEED_SHAPE, [{ pointer: '/videos', message: 'must be an array' }]);
 */
export function invalidInput(
  what: string,
  accepted: string,
  issues: Issue[],
  acceptedValue?: unknown,
): HttpError {
  const first = issues[0];
  const where = first && first.pointer !== '' ? first.pointer : 'the body';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s))` : '';
  return new HttpError(400, {
    code: 'validation-failed',
    title: 'Request validation failed',
    detail: `${what} is not valid: ${where} ${first?.message ?? 'is not accepted'}${more}. Accepted: ${accepted}.`,
    issues,
    ...(acceptedValue !== undefined && { accepted: acceptedValue }),
  });
}

/** The admin API's answer to a body the reader could not take. */
function unreadable(
  c: Context,
  body: BodyProblem,
  what: string,
  accepted: string,
  acceptedValue: unknown,
): HttpError {
  const extra = acceptedValue === undefined ? {} : { accepted: acceptedValue };
  switch (body.code) {
    case 'unsupported-media-type': {
      const type = requestHeader(c, 'content-type') ?? '';
      const got = type === '' ? 'no Content-Type' : `Content-Type "${type}"`;
      return new HttpError(415, {
        code: 'unsupported-media-type',
        title: 'Unsupported media type',
        ...extra,
        detail: `${what} must be JSON (Content-Type: application/json); got ${got}. Accepted: ${accepted}.`,
      });
    }
    case 'payload-too-large':
      return new HttpError(413, {
        code: 'payload-too-large',
        title: 'Payload too large',
        ...extra,
        detail: `${what} is larger than ${MAX_JSON_BYTES} bytes (1 MiB), the most an admin body may be. Accepted: ${accepted}.`,
      });
    case 'aborted':
      return invalidInput(what, accepted, [{ pointer: '', message: 'could not be read' }], acceptedValue);
    case 'invalid-json':
      return new HttpError(400, {
        code: 'validation-failed',
        title: 'Request validation failed',
        ...extra,
        detail: `${what} ${body.problem}. Accepted: ${accepted}.`,
        issues: [{ pointer: '', message: body.problem }],
      });
  }
}

/**
 * The JSON body of an admin request: any JSON value; 413, 415 or 400 (empty, not JSON) otherwise.
 *
 * @example
 * const value = await jsonInput(c, 'The fault rules', 'a JSON array of rules', ACCEPTED);
 */
export async function jsonInput(
  c: Context,
  what: string,
  accepted: string,
  acceptedValue?: unknown,
): Promise<unknown> {
  const read = await readJsonBody(c);
  if (!read.ok) throw unreadable(c, read, what, accepted, acceptedValue);
  return read.value;
}

/** The body of `c` as a JSON object; 413, 415 or 400 (empty, not JSON, not an object) otherwise. */
async function objectBody(c: Context, what: string, accepted: string): Promise<object> {
  const value = await jsonInput(c, what, accepted);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidInput(what, accepted, [
      { pointer: '', message: `must be a JSON object, got ${describeValue(value)}` },
    ]);
  }
  return value;
}

/** The JSON body of `c`, read within bounds (413, 415, 400) and validated against `spec`. */
export async function body<T>(c: Context, spec: BodySpec<T>): Promise<{ value: T; raw: unknown }> {
  const raw = await objectBody(c, spec.what, spec.accepted);
  const parsed = spec.schema.safeParse(raw, { error: adminErrorMap });
  if (!parsed.success) {
    throw invalidInput(spec.what, spec.accepted, describeIssues(parsed.error, raw, spec.members));
  }
  return { value: parsed.data, raw };
}

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
    if (error instanceof ReadingError) {
      throw new HttpError(400, {
        code: 'bad-reading',
        title: 'Bad reading choice',
        detail: `${error.message}.`,
      });
    }
    throw error;
  }
}

/** The journal filter of the query: only the known filters, `since` in one of its two forms. */
export function journalFilter(query: Record<string, string>) {
  const unknown = Object.keys(query).filter((name) => !(JOURNAL_FILTERS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw invalidInput(
      'The journal query',
      `the filters ${JOURNAL_FILTERS.join(', ')}`,
      unknown.map((name) => ({ pointer: `?${name}`, message: 'is not a filter of the journal' })),
    );
  }
  const { since, ...rest } = query;
  if (since === undefined) return rest;
  const parsed = parseSince(since);
  if (parsed === undefined) {
    throw invalidInput('The journal query', SINCE_RULE, [
      {
        pointer: '?since',
        message: `is neither a sequence number nor an ISO 8601 time, got ${JSON.stringify(since)}`,
      },
    ]);
  }
  return { ...rest, since: parsed };
}
