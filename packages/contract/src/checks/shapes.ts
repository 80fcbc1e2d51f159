/** Shape and protocol assertions shared by the checks: 2XX, JSON content type, spec schemas. */

import type { z } from 'zod';
import { CheckFailure, ensure } from '../context/failures.js';
import { describe, describeWithRequest, type Exchange, isSuccess } from '../support/http.js';
import { showText, showValue, VALUE_PREFIX } from '../support/shown.js';

/** §4.5 shows no exact codes: a success is any 2XX. */
export function ensureSuccess(exchange: Exchange, what: string): void {
  ensure(isSuccess(exchange.status), `${what}: expected a 2XX answer, got ${describeWithRequest(exchange)}`);
}

/** §4.1, §4.3, §4.4 answer with JSON. */
export function ensureJson(exchange: Exchange, what: string): void {
  ensure(
    /^application\/([\w.+-]+\+)?json\b/i.test(exchange.contentType),
    `${what}: expected a JSON content type, got ${exchange.contentType ? showValue(exchange.contentType) : '(none)'}`,
  );
  ensure(exchange.json !== undefined, `${what}: the body is not JSON: ${describe(exchange)}`);
}

/** Validates against a schema generated from the spec (open where the spec is open). */
export function ensureShape<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 5)
    .map(
      (issue) =>
        `${issue.path.length > 0 ? showText(issue.path.join('.'), VALUE_PREFIX) : '(root)'}: ${showText(issue.message, VALUE_PREFIX)}`,
    )
    .join('; ');
  throw new CheckFailure(`${what}: does not match the spec: ${issues}`);
}
