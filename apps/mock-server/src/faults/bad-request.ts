/**
 * Clear 4xx answers for the admin routes of faults and webhooks: what was wrong, where (a JSON
 * Pointer into the body), and what is accepted. Shared by both admin APIs so they answer alike.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { readAdminBody } from '../admin/read-body.js';
import { MAX_JSON_BYTES } from '../json-body.js';
import type { InputIssue, Validation } from './rule-schema.js';

/** The largest admin body read (bytes), as for the API's JSON bodies; a larger one is refused with a 413. */
export const MAX_ADMIN_BODY = MAX_JSON_BYTES;

/** The body of a 4xx answer of the admin routes. */
export interface BadRequestBody {
  error: string;
  message: string;
  issues: InputIssue[];
  accepted: unknown;
}

/** Problems of a body that could not be read at all (413, 415), by the issue list `readJson` gave. */
const unreadable = new WeakMap<InputIssue[], { status: ContentfulStatusCode; error: string }>();

/**
 * Answers 400 with a JSON body naming every problem (413 or 415 for the issues of a body
 * `readJson` refused for its size or media type).
 *
 * @example
 * return badRequest(c, 'invalid-fault-rule', [{ where: '/errorRate', message: 'must be a number from 0 to 1' }], ACCEPTED_RULE_FIELDS);
 */
export function badRequest(c: Context, error: string, issues: InputIssue[], accepted: unknown): Response {
  const refused = unreadable.get(issues);
  const first = issues[0];
  const where = first && first.where !== '' ? `${first.where} ` : 'the body ';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s))` : '';
  const body: BadRequestBody = {
    error: refused?.error ?? error,
    message: first ? `Invalid request: ${where}${first.message}${more}.` : 'Invalid request.',
    issues: issues,
    accepted,
  };
  return c.json(body, refused?.status ?? 400);
}

/**
 * Reads the body as JSON, bounded and of a JSON media type (see src/admin/read-body.ts). Never
 * throws: an empty, oversized (413), non-JSON (415) or malformed body is an issue.
 */
export async function readJson(c: Context): Promise<Validation<unknown>> {
  const body = await readAdminBody(c);
  if (body.ok) return body;
  const issues: InputIssue[] = [{ where: '', message: body.problem }];
  if (body.status !== 400) unreadable.set(issues, { status: body.status, error: body.code });
  return { ok: false, issues };
}
