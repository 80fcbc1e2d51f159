/**
 * Clear 400 answers for the admin routes of faults and webhooks: what was wrong, where (a JSON
 * Pointer into the body), and what is accepted. Shared by both admin APIs so they answer alike.
 */
import type { Context } from 'hono';
import type { InputIssue, Validation } from './rule-schema.js';

/** The largest admin body read (bytes); a larger one is refused with a 400. */
export const MAX_ADMIN_BODY = 1024 * 1024;

/** The body of a 400 answer of the admin routes. */
export interface BadRequestBody {
  error: string;
  message: string;
  issues: InputIssue[];
  accepted: unknown;
}

/**
 * Answers 400 with a JSON body naming every problem.
 *
 * @example
 * return badRequest(c, 'invalid-fault-rule', [{ where: '/errorRate', message: 'must be a number from 0 to 1' }], ACCEPTED_RULE_FIELDS);
 */
export function badRequest(c: Context, error: string, issues: InputIssue[], accepted: unknown): Response {
  const first = issues[0];
  const where = first && first.where !== '' ? `${first.where} ` : 'the body ';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more problem(s))` : '';
  const body: BadRequestBody = {
    error,
    message: first ? `Invalid request: ${where}${first.message}${more}.` : 'Invalid request.',
    issues,
    accepted,
  };
  return c.json(body, 400);
}

/** Reads the body as JSON. Never throws: an empty, oversized or malformed body is an issue. */
export async function readJson(c: Context): Promise<Validation<unknown>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return { ok: false, issues: [{ where: '', message: 'could not be read' }] };
  }
  if (text.length > MAX_ADMIN_BODY) {
    return { ok: false, issues: [{ where: '', message: `is larger than ${MAX_ADMIN_BODY} bytes` }] };
  }
  if (text.trim() === '')
    return { ok: false, issues: [{ where: '', message: 'is empty; a JSON body is required' }] };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, issues: [{ where: '', message: `is not valid JSON (${(error as Error).message})` }] };
  }
}
