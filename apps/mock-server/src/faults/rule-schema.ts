/**
 * Validation of fault rules with zod. Every problem becomes an issue with a JSON Pointer to where
 * it is, what was wrong, and what is accepted; validation never throws.
 */
import * as z from 'zod';
import type { FaultRule } from './types.js';

/** Upper bound of any delay a rule may ask for (ms): five minutes. */
export const MAX_DELAY_MS = 300_000;

/** What each field of a rule accepts, in words: the `accepted` member of a 400 answer. */
export const ACCEPTED_RULE_FIELDS = {
  route: 'an operationId (e.g. "getVideo") or a path prefix starting with "/"; absent = every route',
  latencyMs: `an integer from 0 to ${MAX_DELAY_MS} (milliseconds)`,
  latencyJitterMs: `an integer from 0 to ${MAX_DELAY_MS} (milliseconds)`,
  errorRate: 'a number from 0 to 1',
  errorStatus: 'an integer from 400 to 599 (default 500); needs errorRate',
  rateLimit: '{ limit: integer ≥ 1, windowMs: integer 1..86400000, retryAfterSeconds: integer 0..86400 }',
  resetRate: 'a number from 0 to 1',
  uploadBytesPerSecond: 'an integer from 1 to 10000000000',
  times: 'an integer ≥ 1: apply to the next N matching requests only',
} as const;

const EFFECTS = [
  'latencyMs',
  'latencyJitterMs',
  'errorRate',
  'rateLimit',
  'resetRate',
  'uploadBytesPerSecond',
] as const;

const int = (min: number, max: number, what: string) =>
  z
    .int({ error: `must be ${what}` })
    .min(min, `must be ${what}`)
    .max(max, `must be ${what}`);
const rate = z
  .number({ error: 'must be a number from 0 to 1' })
  .min(0, 'must be a number from 0 to 1')
  .max(1, 'must be a number from 0 to 1');

const zRateLimit = z.strictObject({
  limit: int(1, 1_000_000_000, 'an integer ≥ 1'),
  windowMs: int(1, 86_400_000, 'an integer from 1 to 86400000 (milliseconds)'),
  retryAfterSeconds: int(0, 86_400, 'an integer from 0 to 86400 (seconds)'),
});

/** The zod schema of one fault rule. */
export const zFaultRule = z
  .strictObject({
    route: z
      .string({ error: 'must be a string' })
      .min(1, 'must not be empty')
      .max(500, 'is too long')
      .optional(),
    latencyMs: int(0, MAX_DELAY_MS, ACCEPTED_RULE_FIELDS.latencyMs).optional(),
    latencyJitterMs: int(0, MAX_DELAY_MS, ACCEPTED_RULE_FIELDS.latencyJitterMs).optional(),
    errorRate: rate.optional(),
    errorStatus: int(400, 599, 'an integer from 400 to 599').optional(),
    rateLimit: zRateLimit.optional(),
    resetRate: rate.optional(),
    uploadBytesPerSecond: int(1, 10_000_000_000, ACCEPTED_RULE_FIELDS.uploadBytesPerSecond).optional(),
    times: int(1, Number.MAX_SAFE_INTEGER, 'an integer ≥ 1').optional(),
  })
  .refine((rule) => EFFECTS.some((effect) => rule[effect] !== undefined), {
    message: `a rule needs at least one effect: ${EFFECTS.join(', ')}`,
  })
  .refine((rule) => rule.errorStatus === undefined || rule.errorRate !== undefined, {
    message: 'errorStatus needs errorRate (the probability of the error, 0..1)',
    path: ['errorStatus'],
  });

/** One problem found in admin input. */
export interface InputIssue {
  /** JSON Pointer into the body ("" = the body itself). */
  where: string;
  message: string;
}

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: InputIssue[] };

export const pointer = (path: readonly PropertyKey[]): string =>
  path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** The accepted members of the object at a path (for unknown members), or one list for every object. */
export type AcceptedKeys = readonly string[] | ((path: readonly PropertyKey[]) => readonly string[]);

/**
 * What a JSON value is, in words, for "got …": `the string "5"`, `the number -1`, `null`, `an
 * array (2 items)`, `an object`. Long strings are cut.
 *
 * @example
 * describeValue('5'); // 'the string "5"'
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array (${value.length} item${value.length === 1 ? '' : 's'})`;
  switch (typeof value) {
    case 'string': {
      const text = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
      return `the string ${text}`;
    }
    case 'number':
    case 'boolean':
    case 'bigint':
      return `the ${typeof value} ${String(value)}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/** The member at `path` of `input`, own members only (a `__proto__` member is an own member of parsed JSON). */
function memberAt(input: unknown, path: readonly PropertyKey[]): { found: boolean; value?: unknown } {
  let value = input;
  for (const part of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return { found: false };
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value === undefined ? { found: false } : { found: true, value };
}

/** Issue codes about the value itself, whose message is completed with what the value was. */
const VALUE_CODES: ReadonlySet<string> = new Set([
  'invalid_type',
  'invalid_value',
  'invalid_format',
  'invalid_union',
  'too_big',
  'too_small',
  'not_multiple_of',
]);

/** The message of an issue with what the input held at its path: "is required and …" or "…, got …". */
function withReceived(message: string, path: readonly PropertyKey[], code: string, input: unknown): string {
  const member = memberAt(input, path);
  if (!member.found) {
    if (code !== 'invalid_type') return message;
    return message.startsWith('must ') ? `is required and ${message}` : `is required (${message})`;
  }
  if (!VALUE_CODES.has(code) && !message.startsWith('must ')) return message;
  return `${message}, got ${describeValue(member.value)}`;
}

/**
 * Turns zod issues into `{ where, message }` pairs a person can act on: where (a JSON Pointer),
 * what is accepted (the schema's message) and what was wrong: "is required" for a missing member,
 * ", got the string \"5\"" for a present one, the unknown member names with the accepted ones.
 * `input` is what was validated (zod keeps it out of its issues): it tells a missing member from
 * one of the wrong type.
 *
 * @example
 * describeIssues(zFaultRule.safeParse(body).error, body);
 * // [{ where: '/latencyMs', message: 'must be an integer from 0 to 300000 (milliseconds), got the string "5"' }]
 */
export function describeIssues(
  error: z.ZodError,
  input: unknown,
  acceptedKeys: AcceptedKeys = Object.keys(ACCEPTED_RULE_FIELDS),
): InputIssue[] {
  // A value of the wrong type may fail the checks of the right one too ([] is "too short"): only its type is news.
  const mistyped = new Set(error.issues.filter((i) => i.code === 'invalid_type').map((i) => pointer(i.path)));
  const issues = error.issues.filter((i) => i.code === 'invalid_type' || !mistyped.has(pointer(i.path)));
  return issues.map((issue) => {
    const path = issue.path;
    const where = pointer(path);
    if (issue.code === 'unrecognized_keys') {
      const accepted = typeof acceptedKeys === 'function' ? acceptedKeys(path) : acceptedKeys;
      return {
        where,
        message: `has unknown member(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}; accepted: ${accepted.join(', ')}`,
      };
    }
    if (path.length === 0) return { where, message: issue.message };
    return { where, message: withReceived(issue.message, path, issue.code, input) };
  });
}

/**
 * Validates one rule. Never throws.
 *
 * @example
 * validateRule({ errorRate: 2 }); // { ok: false, issues: [{ where: '/errorRate', message: 'must be a number from 0 to 1' }] }
 */
export function validateRule(input: unknown): Validation<FaultRule> {
  const result = zFaultRule.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, issues: [{ where: '', message: 'must be a JSON object (one fault rule)' }] };
  }
  return { ok: false, issues: describeIssues(result.error, input) };
}

/**
 * Validates a list of rules (`[rule, …]` or `{ rules: [rule, …] }`). Never throws.
 *
 * @example
 * validateRules([{ latencyMs: 100 }, { route: 'getVideo', errorRate: 1, errorStatus: 503 }]);
 */
export function validateRules(input: unknown): Validation<FaultRule[]> {
  const list =
    typeof input === 'object' && input !== null && !Array.isArray(input) && 'rules' in input
      ? (input as { rules: unknown }).rules
      : input;
  const prefix = list === input ? [] : ['rules'];
  if (!Array.isArray(list)) {
    return {
      ok: false,
      issues: [
        { where: pointer(prefix), message: 'must be a JSON array of fault rules (or { "rules": [...] })' },
      ],
    };
  }
  const issues: InputIssue[] = [];
  const rules: FaultRule[] = [];
  list.forEach((item, index) => {
    const one = validateRule(item);
    if (one.ok) rules.push(one.value);
    else
      for (const issue of one.issues)
        issues.push({ ...issue, where: `${pointer([...prefix, index])}${issue.where}` });
  });
  return issues.length === 0 ? { ok: true, value: rules } : { ok: false, issues };
}
