/**
 * One attempt of a delivery a process took from a shared queue (./shared-dispatcher.ts): sent as
 * every attempt is (./send-attempt.ts), its next try on the virtual clock drawn from a seed of its
 * own key and attempt (so the jitter is the same whichever process makes it), and what the queue
 * keeps of it: delivered, tried again, given up, or released (this process closes).
 */
import { createRandom } from '../shared/prng.js';
import { nextRetryDelay } from './backoff.js';
import type { ClaimedDelivery, Settlement } from './job-queue.js';
import type { StoredDelivery } from './ledger.js';
import { type AttemptOutcome, sendAttempt } from './send-attempt.js';
import type { DeliveryRecord, RetryOptions, WebhookLogEntry } from './types.js';
import { givenUpView } from './views.js';
import type { ScheduleClock } from './wakeups.js';

export interface AttemptContext {
  fetch: typeof fetch;
  /** Wall clock (signature timestamps, records). */
  now: () => number;
  clock: ScheduleClock;
  retry: Required<RetryOptions>;
  timeoutMs: number;
  seed: number;
  /** Why the target rules refuse a URL by its host, or undefined. */
  refusal(url: string): string | undefined;
  log(entry: WebhookLogEntry): void;
  /** Called once the request is over (before what it came to is kept). */
  done(): void;
}

/** FNV-1a of a delivery's key. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * Makes the attempt (`controller` aborts it) and says what the queue keeps, with the record of it.
 *
 * @example
 * const { settlement, entry } = await attemptClaimed(claimed, new AbortController(), context);
 * await jobs.settle(claimed.key, settlement, entry, 1000);
 */
export async function attemptClaimed(
  claimed: ClaimedDelivery,
  controller: AbortController,
  ctx: AttemptContext,
): Promise<{ settlement: Settlement; entry: Omit<DeliveryRecord, 'id'> }> {
  const { url, secret, ...delivery } = claimed;
  const target = { id: delivery.targetId, url, secret };
  const attempt = delivery.attempts + 1;
  const at = ctx.now();
  const virtual = ctx.clock.now();
  let outcome: AttemptOutcome;
  try {
    const refused = ctx.refusal(url);
    outcome =
      refused === undefined
        ? await sendAttempt({ ...ctx, target, job: delivery.job, attempt, at, controller })
        : { ok: false, error: refused, refused: true };
  } finally {
    ctx.done();
  }
  const firstAt = delivery.firstAt ?? virtual;
  const retryInMs =
    controller.signal.aborted || outcome.ok || outcome.refused
      ? undefined
      : nextRetryDelay({
          attempt,
          firstAt,
          at: virtual,
          retry: ctx.retry,
          random: createRandom((ctx.seed ^ hashOf(delivery.key)) + attempt),
          retryAfterMs: outcome.retryAfterMs,
        });
  const entry: Omit<DeliveryRecord, 'id'> = {
    eventId: delivery.job.eventId,
    event: delivery.job.event,
    videoKey: delivery.job.videoKey,
    targetId: target.id,
    url,
    attempt,
    copy: delivery.copy,
    at: new Date(at).toISOString(),
    ok: outcome.ok,
    ...(outcome.status !== undefined && { status: outcome.status }),
    ...(outcome.error !== undefined && { error: outcome.error }),
    ...(retryInMs !== undefined && { retryInMs }),
  };
  const msg = entry.ok ? 'webhook delivered' : 'webhook delivery failed';
  ctx.log({ level: entry.ok ? 'debug' : 'info', msg, ...entry });
  const tried: StoredDelivery = {
    ...delivery,
    attempts: attempt,
    firstAt,
    ...(outcome.status !== undefined && { lastStatus: outcome.status }),
    ...(outcome.error !== undefined && { lastError: outcome.error }),
  };
  if (controller.signal.aborted) return { settlement: { kind: 'released' }, entry };
  if (outcome.ok) return { settlement: { kind: 'delivered' }, entry };
  if (retryInMs === undefined) {
    const givenUp = { ...tried, status: 'given-up' as const, givenUpAt: ctx.clock.now() };
    ctx.log({ level: 'warn', msg: 'webhook event given up', ...givenUpView(givenUp, url) });
    return { settlement: { kind: 'given-up', delivery: givenUp }, entry };
  }
  return { settlement: { kind: 'retry', delivery: { ...tried, dueAt: virtual + retryInMs } }, entry };
}
