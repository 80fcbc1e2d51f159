/**
 * Validation of a webhook registration (§6: registration is not shown; the mock registers through
 * its admin API, `--webhook URL` and `register()`). Never throws.
 */
import * as z from 'zod';
import { describeIssues, type Validation } from '../shared/issues.js';

/** What a registration accepts, in words: the `accepted` member of a 400 answer. */
export const ACCEPTED_REGISTRATION = {
  url: 'an absolute http:// or https:// URL that receives POST deliveries',
  secret: 'optional: a string of 1 to 1024 characters; generated (whsec_…) when absent',
} as const;

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** The zod schema of a registration body. */
export const zWebhookRegistration = z.strictObject({
  url: z
    .string({ error: 'must be a string (an absolute http or https URL)' })
    .max(2048, 'is longer than 2048 characters')
    .refine(isHttpUrl, 'must be an absolute http:// or https:// URL'),
  secret: z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(1024, 'is longer than 1024 characters')
    .optional(),
});

export type WebhookRegistration = z.infer<typeof zWebhookRegistration>;

/**
 * Validates a registration.
 *
 * @example
 * validateRegistration({ url: 'ftp://x' }); // { ok: false, issues: [{ pointer: '/url', message: 'must be an absolute http:// or https:// URL' }] }
 */
export function validateRegistration(input: unknown): Validation<WebhookRegistration> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return {
      ok: false,
      issues: [{ pointer: '', message: 'must be a JSON object: { "url": …, "secret"?: … }' }],
    };
  }
  const result = zWebhookRegistration.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, issues: describeIssues(result.error, input, Object.keys(ACCEPTED_REGISTRATION)) };
}
