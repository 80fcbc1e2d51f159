/**
 * One HTTP attempt of one delivery: the headers of README.md (id, timestamp, signature, event,
 * attempt, readings), a time limit, and what came of it, including a receiver's `Retry-After`.
 */

import type { ReadingOf } from '@video-api/schema';
import { parseRetryAfter } from '@video-api/schema';
import { WEBHOOK_HEADERS } from './constants.js';
import { signatureHeader } from './signing.js';
import { refusalIn } from './target-rules.js';
import type { EventJob, WebhookTarget } from './types.js';

const USER_AGENT = 'video-api-mock-webhooks';

/** Whether each `webhook-security` reading sends the target's secret as a Bearer token. */
const SENDS_SECRET: Readonly<Record<ReadingOf<'webhook-security'>, boolean>> = {
  none: false,
  'bearer-secret': true,
};

/** What one attempt came to. */
export interface AttemptOutcome {
  ok: boolean;
  status?: number;
  error?: string;
  /** The receiver's `Retry-After` (on 429 or 503), in ms. */
  retryAfterMs?: number;
  /** The target rules refused the address (no connection was made): given up at once. */
  refused?: true;
}

/** A receiver's `Retry-After` on 429 or 503, in ms from `at`, read as every layer reads it. */
function retryAfter(response: Response, at: number): number | undefined {
  if (response.status !== 429 && response.status !== 503) return undefined;
  return parseRetryAfter(response.headers.get('retry-after'), at);
}

function describeError(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return String((signal.reason as Error | undefined)?.message ?? 'aborted');
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

/**
 * The headers of one attempt, signed under the job's `webhook-signing` reading, with the secret as
 * a Bearer token under `webhook-security: bearer-secret`.
 */
async function deliveryHeaders(
  job: EventJob,
  secret: string,
  attempt: number,
  at: number,
): Promise<Record<string, string>> {
  const timestamp = Math.floor(at / 1000);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    [WEBHOOK_HEADERS.id]: job.eventId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.event]: job.event,
    [WEBHOOK_HEADERS.attempt]: String(attempt),
    [WEBHOOK_HEADERS.readings]: job.readings,
  };
  const signature = await signatureHeader(job.signing, secret, timestamp, job.body);
  if (signature !== undefined) headers[WEBHOOK_HEADERS.signature] = signature;
  if (SENDS_SECRET[job.security]) headers.Authorization = `Bearer ${secret}`;
  return headers;
}

/**
 * Sends one delivery (POST, or PUT under `webhook-method: put`). Never throws: a network error, a timeout or an abort through `controller`
 * is an outcome. Any 2xx is success; redirects are not followed.
 *
 * @example
 * const outcome = await sendAttempt({ fetch, target, job, attempt: 1, at: Date.now(), timeoutMs: 10_000,
 *   controller: new AbortController() }); // { ok: true, status: 204 }
 */
export async function sendAttempt(input: {
  fetch: typeof fetch;
  target: WebhookTarget;
  job: EventJob;
  attempt: number;
  at: number;
  timeoutMs: number;
  controller: AbortController;
}): Promise<AttemptOutcome> {
  const { controller, timeoutMs } = input;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // Signed first (Web Crypto is async); the time limit is the receiver's, from the request on.
    const headers = await deliveryHeaders(input.job, input.target.secret, input.attempt, input.at);
    timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    const response = await input.fetch(input.target.url, {
      method: input.job.method, // `webhook-method`
      headers,
      body: input.job.body,
      redirect: 'manual',
      signal: controller.signal,
    });
    await response.body?.cancel().catch(() => {});
    const ok = response.status >= 200 && response.status < 300;
    const retryAfterMs = ok ? undefined : retryAfter(response, input.at);
    return { ok, status: response.status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  } catch (error) {
    const refused = refusalIn(error);
    if (refused !== undefined) return { ok: false, error: refused, refused: true };
    return { ok: false, error: describeError(error, controller.signal) };
  } finally {
    clearTimeout(timer);
  }
}
