/**
 * The bounds of the webhook queue on a shared store, as in memory mode (src/webhooks/
 * target-queue.ts, dispatcher.ts): at most `maxQueue` deliveries wait per target (an event beyond
 * is refused for that target and logged `webhook queue full, event dropped`), however many
 * processes insert at once; at most MAX_GIVEN_UP given-up deliveries are kept (the oldest are
 * forgotten, logged).
 */
import { createTestDatabase, startWebhookReceiver, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresWebhookJobs } from '../../src/node/postgres/postgres-webhooks.js';
import type { WebhookJobs } from '../../src/webhooks/job-queue.js';
import { createSharedDispatcher } from '../../src/webhooks/shared-dispatcher.js';
import type { EventJob } from '../../src/webhooks/types.js';
import { poolOn } from '../support/database-pool.js';
import { eventJob } from '../support/event-job.js';

let database: TestDatabase;
const closers: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  database = await createTestDatabase('shared_limits');
}, 120_000);
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await database?.drop();
});

let pools = 0;
/** The jobs of `state` on a pool of its own (another process's view). */
function jobsOf(state: string, limits: { maxGivenUp?: number } = {}): WebhookJobs {
  const jobs = postgresWebhookJobs(poolOn(database.url, `limits-${pools++}`), state, limits);
  closers.push(() => jobs.close());
  return jobs;
}

const job = (n: number): EventJob => eventJob(n);

const noted = {
  eventId: 'evt_0',
  event: 'video.ready',
  videoKey: 'v-0',
  targetId: 'wh_a',
  url: 'http://127.0.0.1:9/hooks',
  attempt: 1,
  copy: 0,
  at: new Date(0).toISOString(),
  ok: false,
};

describe('maxQueue on a shared store', () => {
  it('refuses, per target, an event whose copies do not all fit', async () => {
    const jobs = jobsOf('fit');
    await jobs.addTarget({ id: 'wh_a', url: 'http://127.0.0.1:9/a', secret: 's', fromOptions: false });
    await jobs.addTarget({ id: 'wh_b', url: 'http://127.0.0.1:9/b', secret: 's', fromOptions: false });
    expect((await jobs.enqueue([job(1)], [1], 0, { maxQueue: 4 })).queued).toBe(2);
    // 1 waiting each: 2 more fit, then 3 copies do not, then 1 does
    const second = await jobs.enqueue([job(2), job(3), job(4)], [2, 3, 1], 0, { maxQueue: 4 });
    expect(second).toEqual({
      queued: 6,
      refused: [
        { targetId: 'wh_a', eventId: 'evt_3' },
        { targetId: 'wh_b', eventId: 'evt_3' },
      ],
    });
    expect(await jobs.counts()).toEqual({ pending: 8, givenUp: 0 });
  });

  it('holds under inserts from several processes at once: never more than maxQueue wait', async () => {
    const queues = [jobsOf('race'), jobsOf('race'), jobsOf('race'), jobsOf('race')];
    await queues[0]?.addTarget({ id: 'wh_r', url: 'http://127.0.0.1:9/r', secret: 's', fromOptions: false });
    const results = await Promise.all(
      queues.flatMap((jobs, p) =>
        Array.from({ length: 10 }, (_, i) => jobs.enqueue([job(p * 100 + i)], [1], 0, { maxQueue: 25 })),
      ),
    );
    expect(results.reduce((sum, r) => sum + r.queued, 0)).toBe(25);
    expect(results.reduce((sum, r) => sum + r.refused.length, 0)).toBe(15);
    expect(await queues[0]?.counts()).toEqual({ pending: 25, givenUp: 0 });
  });

  it('is logged as in memory mode by a dispatcher whose target does not keep up', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const hanging = await startWebhookReceiver({ statuses: ['hang'] });
    closers.push(() => hanging.close());
    const dispatcher = createSharedDispatcher({
      jobs: jobsOf('logged'),
      readings: () => ({}),
      maxQueue: 2,
      pollMs: 50,
      log: (entry) => logged.push(entry),
    });
    closers.push(() => dispatcher.close());
    dispatcher.register({ url: hanging.url, secret: 's' });
    await dispatcher.sync();
    for (const state of ['created', 'processing', 'ready', 'failed']) {
      dispatcher.dispatch({
        videoKey: 'v-1',
        state,
        previousState: null,
        occurredAt: new Date(0).toISOString(),
        video: { videoKey: 'v-1' },
      });
    }
    await dispatcher.queued?.();
    await hanging.waitFor(1, 30_000);
    const full = logged.filter((e) => e.msg === 'webhook queue full, event dropped');
    expect(full).toHaveLength(2);
    expect(full[0]).toMatchObject({ level: 'warn', maxQueue: 2 });
    expect(await dispatcher.counts()).toEqual({ pending: 2, givenUp: 0 });
  });
});

describe('the given-up cap on a shared store', () => {
  it('keeps the most recent given-up deliveries and forgets the oldest', async () => {
    const jobs = jobsOf('cap', { maxGivenUp: 2 });
    await jobs.addTarget({ id: 'wh_a', url: 'http://127.0.0.1:9/a', secret: 's', fromOptions: false });
    await jobs.enqueue([job(1), job(2), job(3), job(4)], [1, 1, 1, 1], 0);
    const forgotten: string[] = [];
    for (let at = 1; at <= 4; at++) {
      const [taken] = await jobs.claim(0, 1, 60_000);
      if (!taken) throw new Error('nothing to take');
      const delivery = { ...taken, status: 'given-up' as const, givenUpAt: at, attempts: 1 };
      const settled = await jobs.settle(taken.key, { kind: 'given-up', delivery }, noted, 10);
      forgotten.push(...(settled.forgotten ?? []).map((f) => f.eventId));
    }
    expect(forgotten).toEqual(['evt_1', 'evt_2']);
    expect(await jobs.counts()).toEqual({ pending: 0, givenUp: 2 });
    expect((await jobs.kept()).map((k) => k.delivery.job.eventId)).toEqual(['evt_3', 'evt_4']);
  });
});
