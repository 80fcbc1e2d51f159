/**
 * The checks every fuzz response must pass: no 5xx; an error is JSON with a message (in the shape
 * of the `error-shape` reading the response played) and no stack trace; and the case's own
 * expectation (success or client error) when it has one.
 */
import { errorDetail } from '@video-api/schema';
import type { FuzzCase, Outcome } from './types.js';

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|\.ts:\d+:\d+|node_modules\//;

/**
 * Checks one response against the invariants and the case's expectation.
 *
 * @example
 * const outcome = await checkResponse(fuzzCase, await app.request(path, init));
 * if (outcome.problem) console.log(outcome.problem);
 */
export async function checkResponse(c: FuzzCase, response: Response): Promise<Outcome> {
  const status = response.status;
  const text = await response.text();
  const problems: string[] = [];
  if (status >= 500) problems.push(`server error ${status}: ${text.slice(0, 300)}`);
  if (STACK_TRACE.test(text)) problems.push(`stack trace in the body: ${text.slice(0, 300)}`);
  if (status >= 400 && c.method !== 'HEAD') {
    const type = response.headers.get('content-type') ?? '';
    if (!/json/i.test(type)) problems.push(`error ${status} with Content-Type "${type}"`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`error ${status} whose body is not JSON: ${text.slice(0, 200)}`);
    }
    if (body !== undefined && errorDetail(body) === undefined) {
      problems.push(`error ${status} without a message: ${text.slice(0, 200)}`);
    }
  }
  if (c.expect === 'success' && (status < 200 || status > 299)) {
    problems.push(`expected success, got ${status}: ${text.slice(0, 300)}`);
  }
  if (c.expect === 'client-error' && (status < 400 || status > 499)) {
    problems.push(`expected a 4xx, got ${status}: ${text.slice(0, 300)}`);
  }
  return { status, problem: problems.length > 0 ? problems.join('; ') : undefined };
}
