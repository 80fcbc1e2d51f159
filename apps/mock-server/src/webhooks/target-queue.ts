/**
 * The deliveries to one registered target: a sequential queue (so events arrive in the order they
 * were queued), retries with backoff, the hold window of `reordered`, and cancellation that leaves
 * no timer and no request behind.
 */
import type { ReadingOf } from '@video-api/schema/unspecified';
import type { Random } from '../shared/prng.js';
import { backoffDelay } from './backoff.js';
import { copiesOf, DELIVERY_MODES, reorder } from './delivery-plan.js';
import { type AttemptOutcome, sendAttempt } from './send-attempt.js';
import type { DeliveryRecord, EventJob, RetryOptions, WebhookTarget } from './types.js';

type Job = EventJob & { copy: number };

export interface QueueContext {
  fetch: typeof fetch;
  now: () => number;
  retry: Required<RetryOptions>;
  timeoutMs: number;
  reorderWindowMs: number;
  /** Most jobs a target may have waiting (queued or held); more are dropped with a log entry. */
  maxQueue: number;
  log(entry: object): void;
  record(entry: Omit<DeliveryRecord, 'id'>): void;
  /** Called whenever the queue may have become idle. */
  changed(): void;
}

export class TargetQueue {
  private queue: Job[] = [];
  private held: Job[] = [];
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private readonly sleeps = new Set<{ timer: ReturnType<typeof setTimeout>; wake: () => void }>();
  private readonly inFlight = new Set<AbortController>();
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

  /** Accepts one event under a `webhook-delivery` reading. */
  accept(job: EventJob, delivery: ReadingOf<'webhook-delivery'>): void {
    if (this.cancelled) return;
    const copies = Array.from({ length: copiesOf(delivery, this.random) }, (_, copy) => ({ ...job, copy }));
    if (this.queue.length + this.held.length + copies.length > this.ctx.maxQueue) {
      this.ctx.log({
        msg: 'webhook queue full, event dropped',
        targetId: this.target.id,
        eventId: job.eventId,
      });
      return;
    }
    if (DELIVERY_MODES[delivery] === 'queue') {
      this.queue.push(...copies);
      this.pump();
      return;
    }
    this.held.push(...copies);
    this.holdTimer ??= setTimeout(() => {
      this.holdTimer = undefined;
      this.queue.push(...reorder(this.held.splice(0), this.random));
      this.pump();
    }, this.ctx.reorderWindowMs);
  }

  /** Stops everything: clears timers, aborts requests, drops what is queued; resolves when settled. */
  async cancel(reason: string): Promise<void> {
    this.cancelled = true;
    if (this.holdTimer !== undefined) clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    this.held = [];
    this.queue = [];
    for (const sleep of this.sleeps) {
      clearTimeout(sleep.timer);
      sleep.wake();
    }
    this.sleeps.clear();
    for (const controller of this.inFlight) controller.abort(new Error(reason));
    await this.running;
  }

  private pump(): void {
    if (this.running !== undefined || this.cancelled) return;
    this.running = (async () => {
      while (this.queue.length > 0 && !this.cancelled) {
        await this.deliver(this.queue[0] as Job);
        this.queue.shift();
      }
    })().finally(() => {
      this.running = undefined;
      this.ctx.changed();
    });
  }

  private async deliver(job: Job): Promise<void> {
    const { retry } = this.ctx;
    for (let attempt = 1; attempt <= retry.attempts && !this.cancelled; attempt++) {
      const at = this.ctx.now();
      const outcome = await this.send(job, attempt, at);
      const retryInMs =
        outcome.ok || attempt === retry.attempts || this.cancelled
          ? undefined
          : Math.max(
              backoffDelay(attempt, retry, this.random),
              Math.min(outcome.retryAfterMs ?? 0, retry.maxMs),
            );
      this.ctx.record({
        eventId: job.eventId,
        event: job.event,
        videoKey: job.videoKey,
        targetId: this.target.id,
        url: this.target.url,
        attempt,
        copy: job.copy,
        at: new Date(at).toISOString(),
        ok: outcome.ok,
        ...(outcome.status === undefined ? {} : { status: outcome.status }),
        ...(outcome.error === undefined ? {} : { error: outcome.error }),
        ...(retryInMs === undefined ? {} : { retryInMs }),
      });
      if (outcome.ok || retryInMs === undefined) return;
      await this.sleep(retryInMs);
    }
  }

  private async send(job: Job, attempt: number, at: number): Promise<AttemptOutcome> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    try {
      return await sendAttempt({ ...this.ctx, target: this.target, job, attempt, at, controller });
    } finally {
      this.inFlight.delete(controller);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.sleeps.delete(entry);
          resolve();
        }, ms),
        wake: resolve,
      };
      this.sleeps.add(entry);
    });
  }
}
