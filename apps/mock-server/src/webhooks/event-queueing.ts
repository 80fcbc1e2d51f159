/**
 * How a process puts the events it dispatches into a shared job queue (./job-queue.ts), so that
 * no event of a change a client saw acknowledged, or that the clock applied, is lost when the
 * process is killed (§7):
 * - an event caused inside a store update (a step of the virtual clock applied, src/state/
 *   lifecycle.ts) is staged in that update's transaction (the outbox: the step and its event are
 *   committed together, whoever applies the step and whenever the process dies: no answer waits
 *   for a step of the clock, so only a shared transaction keeps its event);
 * - any other event is inserted at once, in the order dispatched (one insert at a time; the events
 *   dispatched meanwhile go together in the next), retried while the store is away, and the
 *   answer to the request that caused it waits for the insert (`queued()`, awaited by the HTTP
 *   pipeline; a 503 if the insert's first try failed): simpler than threading a transaction
 *   through every handler, and as safe for what a client sees, since nothing is acknowledged
 *   before its events are in the store (a process killed before has answered nothing).
 * Under `webhook-delivery=reordered` the deliveries are inserted at once too, held in the store for
 * the window and shuffled when taken (src/node/postgres/postgres-enqueue.ts): nothing waits only in
 * memory. A full target's refusal is logged as in memory mode; an event that cannot be queued is
 * logged, never dropped silently.
 */
import type { ReadingOf } from '@video-api/schema';
import type { Random } from '../shared/prng.js';
import { copiesOf, DELIVERY_MODES } from './delivery-plan.js';
import type { Enqueued, EnqueueOptions, WebhookJobs } from './job-queue.js';
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
  /**
   * Resolves once the events accepted so far (not staged in a store update) are inserted; rejects
   * with the store's error when an insert failed its first try (it is retried meanwhile, up to 30
   * times a second apart, then logged as not queued): an answer waiting for it is a prompt 503, not
   * a hang, and says the client cannot count on the write's events. Undefined when none is being
   * inserted (most answers: nothing to wait for, not even a promise).
   */
  queued(): Promise<void> | undefined;
  /** Settles once everything accepted so far is queued (or logged as not queued). */
  settled(): Promise<void>;
}

/**
 * @example
 * const queueing = eventQueueing({ jobs, clock, random, reorderWindowMs: 500, maxQueue: 10_000, log, queued: () => pump() });
 * queueing.accept(job, 'once-in-order');
 * await queueing.queued(); // then the request that caused it answers
 */
export function eventQueueing(parts: {
  jobs: WebhookJobs;
  clock: ScheduleClock;
  random: Random;
  reorderWindowMs: number;
  maxQueue: number;
  log(entry: WebhookLogEntry): void;
  /** Called after each insert (there is something to take), and again when a held window ends. */
  queued(): void;
}): EventQueueing {
  const { jobs, clock, random, log, maxQueue } = parts;
  let batch: { jobs: EventJob[]; copies: number[]; holdMs: number | undefined } | undefined;
  let queueing: Promise<void> = Promise.resolve();
  const staged = new Set<Promise<void>>();
  /** The first try of each batch not yet inserted (rejected once it failed: it is retried meanwhile). */
  const trying = new Set<Promise<void>>();
  const inserted = (enqueued: Enqueued, options: EnqueueOptions) => {
    for (const { targetId, eventId } of enqueued.refused)
      log({ level: 'warn', msg: 'webhook queue full, event dropped', maxQueue, targetId, eventId });
    if (enqueued.queued === 0) return;
    parts.queued();
    if (options.holdMs !== undefined) void sleep(options.holdMs + 10).then(parts.queued);
  };
  const notQueued = (events: EventJob[], error: unknown) => {
    for (const job of events)
      log({ level: 'warn', msg: 'webhook event not queued', eventId: job.eventId, error: String(error) });
  };
  const enqueue = (job: EventJob, copies: number, holdMs: number | undefined) => {
    if (batch && batch.holdMs === holdMs) {
      batch.jobs.push(job);
      batch.copies.push(copies);
      return;
    }
    const next = { jobs: [job], copies: [copies], holdMs };
    batch = next;
    // Settles with the batch's first try: what an answer waits for (./types.ts `queued`)
    let tried!: { resolve(): void; reject(error: unknown): void };
    const firstTry = new Promise<void>((resolve, reject) => {
      tried = { resolve, reject };
    });
    firstTry.catch(() => {}); // a rejection is the waiting answers' (503), if any waits
    trying.add(firstTry);
    queueing = queueing.then(async () => {
      if (batch === next) batch = undefined;
      const options = { maxQueue, ...(next.holdMs !== undefined && { holdMs: next.holdMs }) };
      try {
        const enqueued = await retried(
          () =>
            jobs.enqueue(next.jobs, next.copies, clock.now(), options).catch((error: unknown) => {
              tried.reject(error);
              throw error;
            }),
          30,
          () => false,
        );
        tried.resolve();
        inserted(enqueued, options);
      } catch (error) {
        notQueued(next.jobs, error);
      } finally {
        trying.delete(firstTry);
      }
    });
  };
  return {
    accept(job, delivery) {
      const copies = copiesOf(delivery, random);
      const holdMs = DELIVERY_MODES[delivery] === 'hold' ? parts.reorderWindowMs : undefined;
      const options = { maxQueue, ...(holdMs !== undefined && { holdMs }) };
      let done!: () => void;
      const written = new Promise<void>((resolve) => {
        done = resolve;
      });
      const inUpdate = jobs.stage?.([job], [copies], clock.now(), options, (enqueued) => {
        staged.delete(written);
        done();
        if (enqueued) inserted(enqueued, options);
        else
          log({
            level: 'debug',
            msg: 'webhook event not queued: its change was not committed',
            eventId: job.eventId,
          });
      });
      if (inUpdate) return void staged.add(written);
      enqueue(job, copies, holdMs);
    },
    queued: () => (trying.size === 0 ? undefined : Promise.all(trying).then(() => {})),
    async settled() {
      for (let last: Promise<void> | undefined; last !== queueing || staged.size > 0; ) {
        last = queueing;
        await Promise.all([last, ...staged]);
      }
    },
  };
}
