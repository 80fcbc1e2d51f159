/**
 * How a process queues the events it dispatches into a shared job queue (src/webhooks/
 * event-queueing.ts), against a queue that answers when the test says: the answer's wait
 * (`queued()`) ends with the insert, fails at once (a 503, not a hang) when the first try fails
 * while the insert is tried again, and an event staged in a store update is not inserted twice.
 */
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/shared/prng.js';
import { type EventQueueing, eventQueueing } from '../../src/webhooks/event-queueing.js';
import type { Enqueued, EnqueueOptions, WebhookJobs } from '../../src/webhooks/job-queue.js';
import type { EventJob, WebhookLogEntry } from '../../src/webhooks/types.js';

const job = (n: number): EventJob => ({
  eventId: `evt_${n}`,
  event: 'video.ready',
  videoKey: `v-${n}`,
  body: '{}',
  signing: 'unsigned',
  method: 'POST',
  security: 'none',
  readings: '',
});

/** A queue whose inserts wait for `answer()` (or fail with `fail()`), in order. */
function slowJobs(stage?: WebhookJobs['stage']) {
  const calls: Array<{ ids: string[]; options?: EnqueueOptions; answer(): void; fail(error: Error): void }> =
    [];
  const jobs = {
    enqueue: (given: EventJob[], copies: number[], _dueAt: number, options?: EnqueueOptions) =>
      new Promise<Enqueued>((resolve, reject) => {
        calls.push({
          ids: given.map((j) => j.eventId),
          ...(options && { options }),
          answer: () => resolve({ queued: copies.reduce((a, b) => a + b, 0), refused: [] }),
          fail: reject,
        });
      }),
    ...(stage && { stage }),
  } as unknown as WebhookJobs;
  return { jobs, calls };
}

const settledYet = async (promise: Promise<unknown>) => {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

function queueingOn(jobs: WebhookJobs, log: WebhookLogEntry[] = []) {
  return eventQueueing({
    jobs,
    clock: { now: () => 0, realTime: false },
    random: createRandom(1),
    reorderWindowMs: 500,
    maxQueue: 10,
    log: (entry) => log.push(entry),
    queued: () => {},
  });
}

/** What an answer waits for: there must be something, while an event is being inserted. */
function inserting(queueing: EventQueueing): Promise<void> {
  const waiting = queueing.queued();
  if (waiting === undefined)
    throw new Error('queued() gave nothing to wait for while an event is being inserted');
  return waiting;
}

describe('eventQueueing', () => {
  it('gives nothing to wait for while no event is being inserted (no promise per answer)', () => {
    expect(queueingOn(slowJobs().jobs).queued()).toBeUndefined();
  });

  it('answers once the events are inserted, the reordered ones held for the window', async () => {
    const { jobs, calls } = slowJobs();
    const queueing = queueingOn(jobs);
    queueing.accept(job(1), 'once-in-order');
    queueing.accept(job(2), 'reordered');
    const waiting = inserting(queueing);
    expect(await settledYet(waiting)).toBe(false);
    await until(() => calls.length === 1);
    calls[0]?.answer();
    await until(() => calls.length === 2);
    expect(calls.map((c) => [c.ids, c.options?.holdMs])).toEqual([
      [['evt_1'], undefined],
      [['evt_2'], 500],
    ]);
    expect(await settledYet(waiting)).toBe(false);
    calls[1]?.answer();
    await expect(waiting).resolves.toBeUndefined();
  });

  it('fails the wait at the first failed try, and inserts the events on the next', async () => {
    const { jobs, calls } = slowJobs();
    const log: WebhookLogEntry[] = [];
    const queueing = queueingOn(jobs, log);
    queueing.accept(job(3), 'once-in-order');
    const waiting = inserting(queueing);
    await until(() => calls.length === 1);
    calls[0]?.fail(new Error('database unavailable'));
    await expect(waiting).rejects.toThrow('database unavailable');
    await until(() => calls.length === 2); // tried again a second later
    calls[1]?.answer();
    await queueing.settled();
    expect(queueing.queued()).toBeUndefined(); // inserted: nothing left to wait for
    expect(log.filter((e) => e.msg === 'webhook event not queued')).toEqual([]);
  });

  it('leaves an event staged in a store update to that update: no insert of its own', async () => {
    let done: ((enqueued: Enqueued | undefined) => void) | undefined;
    const { jobs, calls } = slowJobs((_jobs, _copies, _dueAt, _options, whenDone) => {
      done = whenDone;
      return true;
    });
    const log: WebhookLogEntry[] = [];
    const queueing = queueingOn(jobs, log);
    queueing.accept(job(4), 'once-in-order');
    const settled = queueing.settled();
    expect(await settledYet(settled)).toBe(false);
    done?.({ queued: 1, refused: [{ targetId: 'wh_full', eventId: 'evt_4' }] });
    await settled;
    expect(calls).toEqual([]);
    expect(log).toMatchObject([
      { level: 'warn', msg: 'webhook queue full, event dropped', maxQueue: 10, targetId: 'wh_full' },
    ]);
  });
});
