/**
 * The deliveries to one registered target: a sequential queue (so events arrive in the order they
 * were queued), retries on the virtual clock until the retry window closes, the hold window of
 * `reordered`, and cancellation that leaves no timer and no request behind.
 */
import type { ReadingOf } from '@video-api/schema';
import type { Random } from '../shared/prng.js';
import { nextRetryDelay } from './backoff.js';
import { copiesOf, DELIVERY_MODES, reorder } from './delivery-plan.js';
import type { StoredDelivery } from './ledger.js';
import { type AttemptOutcome, sendAttempt } from './send-attempt.js';
import type { DeliveryRecord, EventJob, RetryOptions, WebhookLogEntry, WebhookTarget } from './types.js';
import type { ScheduleClock, Wakeups } from './wakeups.js';

export interface QueueContext {
  fetch: typeof fetch;
  /** Wall clock (signature timestamps, records). */
  now: () => number;
  /** The virtual clock retries are scheduled on, and its sleepers. */
  clock: ScheduleClock;
  wakeups: Wakeups;
  retry: Required<RetryOptions>;
  timeoutMs: number;
  reorderWindowMs: number;
  /** Most jobs a target may have waiting (queued or held); more are dropped with a warn entry. */
  maxQueue: number;
  /** Why the target rules refuse a URL by its host, or undefined: checked before every attempt. */
  refusal(url: string): string | undefined;
  log(entry: WebhookLogEntry): void;
  record(entry: Omit<DeliveryRecord, 'id'>): void;
  /** Persistence of the queue: new deliveries, after each failed attempt, once done. */
  queued(deliveries: StoredDelivery[]): void;
  updated(delivery: StoredDelivery): void;
  delivered(delivery: StoredDelivery): void;
  gaveUp(delivery: StoredDelivery): void;
  /** Called whenever the queue may have become idle. */
  changed(): void;
}

export class TargetQueue {
  private queue: StoredDelivery[] = [];
  private held: StoredDelivery[] = [];
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private readonly inFlight = new Map<AbortController, StoredDelivery>();
  private cancelled = false;

  constructor(
    readonly target: WebhookTarget,
    private readonly random: Random,
    private readonly ctx: QueueContext,
  ) {}

  /** Whether anything is queued, held, in flight or waiting for a retry. */
  get busy(): boolean {
    return this.running !== undefined || this.queue.length > 0 || this.held.length > 0;
  }

  /** What waits, in order, and whether each is being attempted now. */
  waiting(): Array<{ delivery: StoredDelivery; inFlight: boolean }> {
    const flying = new Set(this.inFlight.values());
    return [...this.queue, ...this.held].map((delivery) => ({ delivery, inFlight: flying.has(delivery) }));
  }

  /** Accepts one event under a `webhook-delivery` reading. */
  accept(job: EventJob, delivery: ReadingOf<'webhook-delivery'>): void {
    if (this.cancelled) return;
    const copies = Array.from({ length: copiesOf(delivery, this.random) }, (_, copy) => ({
      key: `${job.eventId}/${this.target.id}/${copy}`,
      targetId: this.target.id,
      copy,
      job,
      attempts: 0,
      dueAt: this.ctx.clock.now(),
      status: 'pending' as const,
    }));
    if (this.queue.length + this.held.length + copies.length > this.ctx.maxQueue) {
      this.ctx.log({
        level: 'warn',
        msg: 'webhook queue full, event dropped',
        maxQueue: this.ctx.maxQueue,
        targetId: this.target.id,
        eventId: job.eventId,
      });
      return;
    }
    this.ctx.queued(copies);
    if (DELIVERY_MODES[delivery] === 'queue') {
      this.resume(copies);
      return;
    }
    this.held.push(...copies);
    this.holdTimer ??= setTimeout(() => {
      this.holdTimer = undefined;
      this.queue.push(...reorder(this.held.splice(0), this.random));
      this.pump();
    }, this.ctx.reorderWindowMs);
  }

  /** Queues deliveries already kept (a restart, a redelivery), last in order. */
  resume(deliveries: StoredDelivery[]): void {
    if (this.cancelled) return;
    this.queue.push(...deliveries);
    this.pump();
  }

  /** Stops everything: clears timers, aborts requests, drops what is queued; resolves when settled. */
  async cancel(reason: string): Promise<void> {
    this.cancelled = true;
    if (this.holdTimer !== undefined) clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    this.held = [];
    this.queue = [];
    this.ctx.wakeups.wakeAll();
    for (const controller of this.inFlight.keys()) controller.abort(new Error(reason));
    await this.running;
  }

  private pump(): void {
    if (this.running !== undefined || this.cancelled) return;
    this.running = (async () => {
      while (this.queue.length > 0 && !this.cancelled) {
        await this.deliver(this.queue[0] as StoredDelivery);
        if (!this.cancelled) this.queue.shift();
      }
    })().finally(() => {
      this.running = undefined;
      this.ctx.changed();
    });
  }

  private async deliver(delivery: StoredDelivery): Promise<void> {
    const { clock } = this.ctx;
    while (!this.cancelled) {
      if (delivery.dueAt > clock.now()) {
        await this.ctx.wakeups.until(delivery.dueAt);
        continue;
      }
      const attempt = delivery.attempts + 1;
      const at = this.ctx.now();
      const virtual = clock.now();
      delivery.firstAt ??= virtual;
      const outcome = await this.send(delivery, attempt, at);
      if (this.cancelled) {
        // Closed mid-attempt: recorded, and it stays pending as it was kept (resumed after a restart).
        return this.recordAttempt(delivery, attempt, at, outcome, undefined);
      }
      // A refused target is given up at once: it is not a network hiccup, a retry gets the same answer.
      const retryInMs =
        outcome.ok || outcome.refused
          ? undefined
          : nextRetryDelay({
              attempt,
              firstAt: delivery.firstAt,
              at: virtual,
              retry: this.ctx.retry,
              random: this.random,
              retryAfterMs: outcome.retryAfterMs,
            });
      Object.assign(delivery, { attempts: attempt, lastStatus: outcome.status, lastError: outcome.error });
      this.recordAttempt(delivery, attempt, at, outcome, retryInMs);
      if (outcome.ok) return this.ctx.delivered(delivery);
      if (retryInMs === undefined) return this.ctx.gaveUp(delivery);
      delivery.dueAt = virtual + retryInMs;
      this.ctx.updated(delivery);
    }
  }

  private recordAttempt(
    delivery: StoredDelivery,
    attempt: number,
    at: number,
    outcome: AttemptOutcome,
    retryInMs: number | undefined,
  ): void {
    this.ctx.record({
      eventId: delivery.job.eventId,
      event: delivery.job.event,
      videoKey: delivery.job.videoKey,
      targetId: this.target.id,
      url: this.target.url,
      attempt,
      copy: delivery.copy,
      at: new Date(at).toISOString(),
      ok: outcome.ok,
      ...(outcome.status === undefined ? {} : { status: outcome.status }),
      ...(outcome.error === undefined ? {} : { error: outcome.error }),
      ...(retryInMs === undefined ? {} : { retryInMs }),
    });
  }

  private async send(delivery: StoredDelivery, attempt: number, at: number): Promise<AttemptOutcome> {
    const refused = this.ctx.refusal(this.target.url);
    if (refused !== undefined) return { ok: false, error: refused, refused: true };
    const controller = new AbortController();
    this.inFlight.set(controller, delivery);
    try {
      return await sendAttempt({
        ...this.ctx,
        target: this.target,
        job: delivery.job,
        attempt,
        at,
        controller,
      });
    } finally {
      this.inFlight.delete(controller);
    }
  }
}
