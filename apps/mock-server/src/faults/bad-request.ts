/**
 * Clear 4xx answers for the admin routes of faults and webhooks: what was wrong, where (a JSON
 * Pointer into the body), and what is accepted. Shared by both admin APIs so they answer alike.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { readAdminBody } from '../control/read-body.js';
import { MAX_JSON_BYTES } from '../http/json-body.js';
import type { InputIssue } from './rule-schema.js';

/** The largest admin body read (bytes), as for the API's JSON bodies; a larger one is refused with a 413. */
export const MAX_ADMIN_BODY = MAX_JSON_BYTES;

/** The body of a 4xx answer of the admin routes. */
export interface BadRequestBody {
  error: string;
  message: string;
  issues: InputIssue[];
  accepted: unknown;
}

/**
 * Answers `status` (400 unless told) with a JSON body naming every problem.
 *
 * @example
 * return badRequest(c, 'invalid-fault-rule', [{ where: '/errorRate', message: 'must be a number from 0 to 1' }], ACCEPTED_RULE_FIELDS);
 */
export function badRequest(
  c: Context,
  error: string,
  issues: InputIssue[],
  accepted: unknown,
  status: ContentfulStatusCode = 400,
): Response {
  const first = issues[0];
  const where = first && first.where !== '' ? `${first.where} ` : 'the body ';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s))` : '';
  const body: BadRequestBody = {
    error,
    message: first ? `Invalid request: ${where}${first.message}${more}.` : 'Invalid request.',
    issues,
    accepted,
  };
  return c.json(body, status);
}

/** A body `readJson` could not take: 400, or 413/415 for its size or media type. */
export type UnreadableBody = { ok: false; issues: InputIssue[]; status: 400 | 413 | 415; error: string };

/** The answer to a body `readJson` could not take, with what the route accepts. */
export function unreadableBody(c: Context, body: UnreadableBody, accepted: unknown): Response {
  return badRequest(c, body.error, body.issues, accepted, body.status);
}

/**
 * Reads the body as JSON, bounded and of a JSON media type (see src/admin/read-body.ts). Never
 * throws: an empty, oversized (413), non-JSON (415) or malformed body is an issue.
 */
export async function readJson(c: Context): Promise<{ ok: true; value: unknown } | UnreadableBody> {
  const body = await readAdminBody(c);
  if (body.ok) return body;
  return { ok: false, issues: [{ where: '', message: body.problem }], status: body.status, error: body.code };
}
