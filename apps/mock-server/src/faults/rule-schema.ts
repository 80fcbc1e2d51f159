/**
 * Validation of fault rules with zod. Every problem becomes an issue with a JSON Pointer to where
 * it is, what was wrong, and what is accepted; validation never throws.
 */
import * as z from 'zod';
import { describeIssues, type Issue, type Validation } from '../shared/issues.js';
import { pointerOf } from '../shared/json-pointer.js';

/**
 * One fault rule. Every member but `route` and `times` is an effect; a rule needs at least one.
 *
 * @example
 * const rule: FaultRule = { route: 'getVideo', errorRate: 0.5, errorStatus: 503, times: 10 };
 */
export type FaultRule = z.infer<typeof zFaultRule>;

/** Upper bound of any delay a rule may ask for (ms): five minutes. */
const MAX_DELAY_MS = 300_000;

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

/** A fixed-window rate limit that answers 429 with `Retry-After` once `limit` is passed. */
const zRateLimit = z.strictObject({
  limit: int(1, 1_000_000_000, 'an integer ≥ 1').describe('Requests allowed per window.'),
  windowMs: int(1, 86_400_000, 'an integer from 1 to 86400000 (milliseconds)').describe(
    'Length of the window in milliseconds; the window starts at the first matching request.',
  ),
  retryAfterSeconds: int(0, 86_400, 'an integer from 0 to 86400 (seconds)').describe(
    'The value of the `Retry-After` header (seconds) on a 429.',
  ),
});

/** The zod schema of one fault rule. */
export const zFaultRule = z
  .strictObject({
    route: z
      .string({ error: 'must be a string' })
      .min(1, 'must not be empty')
      .max(500, 'is too long')
      .describe(
        'An operationId (`getVideo`) or a path prefix starting with `/` (`/api/v1/videos`); absent = every route.',
      )
      .optional(),
    latencyMs: int(0, MAX_DELAY_MS, ACCEPTED_RULE_FIELDS.latencyMs)
      .describe('Fixed delay before the request is handled (ms).')
      .optional(),
    latencyJitterMs: int(0, MAX_DELAY_MS, ACCEPTED_RULE_FIELDS.latencyJitterMs)
      .describe('Extra random delay, uniform in [0, latencyJitterMs] (ms), drawn from the seed.')
      .optional(),
    errorRate: rate
      .describe(
        'Probability (0..1) that the request is answered with `errorStatus` instead of being handled.',
      )
      .optional(),
    errorStatus: int(400, 599, 'an integer from 400 to 599')
      .describe('Status of an injected error (400..599); default 500. Needs `errorRate`.')
      .optional(),
    rateLimit: zRateLimit.describe('A rate limit on the matching requests.').optional(),
    resetRate: rate
      .describe('Probability (0..1) that the connection is reset instead of answered.')
      .optional(),
    uploadBytesPerSecond: int(1, 10_000_000_000, ACCEPTED_RULE_FIELDS.uploadBytesPerSecond)
      .describe('The upload body is read at this many bytes per second.')
      .optional(),
    times: int(1, Number.MAX_SAFE_INTEGER, 'an integer ≥ 1')
      .describe('Apply to the next N matching requests only, then the rule is removed.')
      .optional(),
  })
  .refine((rule) => EFFECTS.some((effect) => rule[effect] !== undefined), {
    message: `must have at least one effect: ${EFFECTS.join(', ')}`,
  })
  .refine((rule) => rule.errorStatus === undefined || rule.errorRate !== undefined, {
    message: 'needs errorRate (the probability of the error, 0..1)',
    path: ['errorStatus'],
  });

/**
 * Validates one rule. Never throws.
 *
 * @example
 * validateRule({ errorRate: 2 }); // { ok: false, issues: [{ pointer: '/errorRate', message: 'must be a number from 0 to 1' }] }
 */
export function validateRule(input: unknown): Validation<FaultRule> {
  const result = zFaultRule.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, issues: [{ pointer: '', message: 'must be a JSON object (one fault rule)' }] };
  }
  return { ok: false, issues: describeIssues(result.error, input, Object.keys(ACCEPTED_RULE_FIELDS)) };
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
        {
          pointer: pointerOf(prefix),
          message: 'must be a JSON array of fault rules (or { "rules": [...] })',
        },
      ],
    };
  }
  const issues: Issue[] = [];
  const rules: FaultRule[] = [];
  list.forEach((item, index) => {
    const one = validateRule(item);
    if (one.ok) rules.push(one.value);
    else
      for (const issue of one.issues)
        issues.push({ ...issue, pointer: `${pointerOf([...prefix, index])}${issue.pointer}` });
  });
  return issues.length === 0 ? { ok: true, value: rules } : { ok: false, issues };
}
