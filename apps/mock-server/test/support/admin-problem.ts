/**
 * Test helper: reads an error answer of the admin API, which is always RFC 9457 problem+json
 * (src/http/errors.ts, renderAdminError), whatever the public API's `error-shape` reading.
 */
import { expect } from 'vitest';

/** The admin API's error body. */
export interface AdminProblem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  issues?: { pointer: string; message: string }[];
  accepted?: unknown;
}

/** The problem type of an admin error `code`. */
const problemType = (code: string): string => `urn:video-api-mock:problem:${code}`;

/**
 * Asserts that `response` is an admin problem: `status`, `application/problem+json`, the type of
 * `code`, a title, and a detail that names each of `mentions`. Returns the body.
 *
 * @example
 * const json = await adminProblem(response, 400, 'validation-failed', '/errorRate');
 * expect(json.issues).toEqual([{ pointer: '/errorRate', message: expect.any(String) }]);
 */
export async function adminProblem(
  response: Response,
  status: number,
  code: string,
  ...mentions: string[]
): Promise<AdminProblem> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type'), text).toMatch(/^application\/problem\+json/);
  const json = JSON.parse(text) as AdminProblem;
  expect(json, text).toMatchObject({ type: problemType(code), code, status, title: expect.any(String) });
  expect(json.title.length, text).toBeGreaterThan(0);
  for (const mention of mentions) expect(json.detail, text).toContain(mention);
  if (json.issues !== undefined) {
    expect(json.issues.length, text).toBeGreaterThan(0);
    for (const issue of json.issues) {
      expect(issue, text).toEqual({ pointer: expect.any(String), message: expect.any(String) });
      expect(issue.message.length, text).toBeGreaterThan(0);
    }
  }
  return json;
}

/**
 * Expects `readme` to show `json` (an admin problem the routes answered) as it is, to name each of
 * `codes`, and none of the words of the old body (`old`).
 */
export function expectDocumentedProblem(
  readme: string,
  json: AdminProblem,
  codes: string[],
  old: RegExp,
): void {
  expect(readme).toContain('application/problem+json');
  expect(readme).toContain(`"type": "${json.type}"`);
  expect(readme).toContain(`"title": "${json.title}"`);
  expect(readme).toContain(`"detail": ${JSON.stringify(json.detail)}`);
  expect(readme).toContain(`"issues": ${JSON.stringify(json.issues)}`);
  expect(readme).toContain(`"code": "${json.code}"`);
  for (const code of codes) expect(readme).toContain(`\`${code}\``);
  expect(readme).not.toMatch(old);
}
