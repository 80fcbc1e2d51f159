/** Shape and protocol assertions shared by the checks: 2XX, JSON content type, spec schemas. */

import { isUtcDateTime } from '@video-api/schema';
import type { z } from 'zod';
import { CheckFailure, ensure } from '../context/context.js';
import { describe, type Exchange, isSuccess } from '../support/http.js';
import { showText, showValue, VALUE_PREFIX } from '../support/shown.js';

/** §4.5 shows no exact codes: a success is any 2XX. */
export function ensureSuccess(exchange: Exchange, what: string): void {
  ensure(isSuccess(exchange.status), `${what}: expected a 2XX answer, got ${describe(exchange)}`);
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

/** Whether two custom field values are the same value (date-times compared as instants). */
export function sameValue(sent: unknown, got: unknown): boolean {
  if (Array.isArray(sent)) {
    return Array.isArray(got) && sent.length === got.length && sent.every((v, i) => v === got[i]);
  }
  if (typeof sent === 'string' && typeof got === 'string' && sent !== got && isUtcDateTime(sent)) {
    return isUtcDateTime(got) && Date.parse(sent) === Date.parse(got);
  }
  return Object.is(sent, got) || sent === got;
}

export { isUtcDateTime };
