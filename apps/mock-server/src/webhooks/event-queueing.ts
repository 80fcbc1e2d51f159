/**
 * How a process puts the events it dispatches into a shared job queue (./job-queue.ts): in the
 * order they were dispatched (one insert at a time; the events dispatched meanwhile go together in
 * the next), retried while the store is away, and under `webhook-delivery=reordered` held for a
 * window and queued in a seeded shuffled order. An event that cannot be queued is logged, never
 * dropped silently.
 */
import type { ReadingOf } from '@video-api/schema';
import type { Random } from '../shared/prng.js';
import { copiesOf, DELIVERY_MODES, reorder } from './delivery-plan.js';
import type { WebhookJobs } from './job-queue.js';
import type { EventJob, WebhookLogEntry } from './types.js';
import type { ScheduleClock } from './wakeups.js';

/** Resolves after `ms` (a timer that keeps no process alive). */
export const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer: { unref?: () => void } = setTimeout(resolve, ms);
    timer.unref?.();
  });

/**
 * Tries `work` again every second while it fails, at most `times` times or until `stopped()`;
 * the last error is the call's.
 */
export async function retried<T>(work: () => Promise<T>, times: number, stopped: () => boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= times || stopped()) throw error;
      await sleep(1000);
    }
  }
}

export interface EventQueueing {
  /** Queues one event's deliveries, as its `webhook-delivery` reading shapes them. */
  accept(job: EventJob, delivery: ReadingOf<'webhook-delivery'>): void;
  /** How many events are held (reordered) and not yet queued. */
  readonly held: number;
  /** Queues what is held now, in the order it came (a process that closes keeps its events). */
  flush(): void;
  /** Settles once everything accepted so far is queued (or logged as not queued). */
  settled(): Promise<void>;
}

/**
 * @example
 * const queueing = eventQueueing({ jobs, clock, random, reorderWindowMs: 500, log, queued: () => pump() });
 * queueing.accept(job, 'once-in-order');
 */
export function eventQueueing(parts: {
  jobs: WebhookJobs;
  clock: ScheduleClock;
  random: Random;
  reorderWindowMs: number;
  log(entry: WebhookLogEntry): void;
  /** Called after each insert (there is something to take). */
  queued(): void;
}): EventQueueing {
  const { jobs, clock, random, log } = parts;
  let batch: { jobs: EventJob[]; copies: number[] } | undefined;
  let queueing: Promise<void> = Promise.resolve();
  let held: Array<{ job: EventJob; copies: number }> = [];
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  const enqueue = (events: Array<{ job: EventJob; copies: number }>) => {
    if (batch) {
      for (const { job, copies } of events) {
        batch.jobs.push(job);
        batch.copies.push(copies);
      }
      return;
    }
    const next = { jobs: events.map((e) => e.job), copies: events.map((e) => e.copies) };
    batch = next;
    queueing = queueing.then(async () => {
      if (batch === next) batch = undefined;
      try {
        await retried(
          () => jobs.enqueue(next.jobs, next.copies, clock.now()),
          30,
          () => false,
        );
        parts.queued();
      } catch (error) {
        for (const job of next.jobs) {
          log({ level: 'warn', msg: 'webhook event not queued', eventId: job.eventId, error: String(error) });
        }
      }
    });
  };
  const release = (events: typeof held) => {
    held = [];
    if (holdTimer !== undefined) clearTimeout(holdTimer);
    holdTimer = undefined;
    if (events.length > 0) enqueue(events);
  };
  return {
    accept(job, delivery) {
      const event = { job, copies: copiesOf(delivery, random) };
      if (DELIVERY_MODES[delivery] === 'queue') return enqueue([event]);
      held.push(event);
      holdTimer ??= setTimeout(() => release(reorder(held, random)), parts.reorderWindowMs);
    },
    get held() {
      return held.length;
    },
    flush: () => release(held),
    async settled() {
      for (let last: Promise<void> | undefined; last !== queueing; ) {
        last = queueing;
        await last;
      }
    },
  };
}
