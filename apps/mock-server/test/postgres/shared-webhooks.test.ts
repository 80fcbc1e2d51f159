/**
 * Webhooks on one PostgreSQL database: a target registered through one mock is every mock's,
 * deliveries are jobs that any of them takes under a lease (taken again once a lease ends, with
 * the same event id), each target gets its events in order, and a closing mock gives its leases back.
 */
import {
  createTestDatabase,
  startWebhookReceiver,
  type TestDatabase,
  type WebhookReceiver,
} from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/create-app.js';
import { postgresWebhookJobs } from '../../src/node/postgres/postgres-webhooks.js';
import type { MockApp } from '../../src/types.js';
import type { WebhookJobs } from '../../src/webhooks/job-queue.js';
import { createSharedDispatcher } from '../../src/webhooks/shared-dispatcher.js';
import type { EventJob, WebhookDispatcher } from '../../src/webhooks/types.js';
import { poolOn } from '../support/database-pool.js';
import { eventJob } from '../support/event-job.js';

let database: TestDatabase;
const closers: Array<() => Promise<void>> = [];
beforeAll(async () => {
  database = await createTestDatabase('shared_webhooks');
}, 120_000);
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await database?.drop();
});

const auth = { authorization: 'Bearer mock-token' };
const json = { ...auth, 'content-type': 'application/json' };
let pools = 0;

/** A pool of its own on the test database (another process's view). */
function pool() {
  return poolOn(database.url, `webhooks-${pools++}`);
}

function jobsOf(state: string): WebhookJobs {
  const jobs = postgresWebhookJobs(pool(), state);
  closers.push(() => jobs.close());
  return jobs;
}

function instance(): MockApp {
  const app = createApp({
    databaseUrl: `${database.url}?application_name=instance-${pools++}`,
    transcode: 'off',
    processingMs: 100,
    realTimeClock: false,
    logLevel: 'silent',
  });
  closers.push(() => app.mock.close());
  return app;
}

async function receiver(statuses?: Array<number | 'hang'>): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(statuses && { statuses });
  closers.push(() => started.close());
  return started;
}

/** The record of an attempt, as a settlement carries it. */
const noted = {
  eventId: 'evt_0',
  event: 'video.ready',
  videoKey: 'v-0',
  targetId: 'wh_a',
  url: 'http://127.0.0.1:9/hooks',
  attempt: 1,
  copy: 0,
  at: new Date(0).toISOString(),
  ok: true,
};

const job = (n: number): EventJob => eventJob(n);

/** A dispatcher of `state` on a pool of its own, as another process would run it. */
function dispatcherOf(
  state: string,
  options: { leaseMs?: number; timeoutMs?: number } = {},
): WebhookDispatcher {
  const log = process.env.DEBUG_HOOKS ? (e: unknown) => console.log(JSON.stringify(e)) : undefined;
  const dispatcher = createSharedDispatcher({
    jobs: postgresWebhookJobs(pool(), state),
    readings: () => ({}),
    pollMs: 50,
    ...(log && { log }),
    retry: { baseMs: 10, maxMs: 20 },
    ...options,
  });
  closers.push(() => dispatcher.close());
  return dispatcher;
}

describe('webhook jobs in PostgreSQL', () => {
  it('a lease keeps a delivery from every other taker until it ends; then another takes it, same event', async () => {
    const [one, two] = [jobsOf('lease'), jobsOf('lease')];
    await one.addTarget({ id: 'wh_a', url: 'http://127.0.0.1:9/hooks', secret: 's', fromOptions: false });
    expect((await one.enqueue([job(1)], [1], 0)).queued).toBe(1);
    const [taken] = await one.claim(0, 5, 300);
    expect(taken?.job.eventId).toBe('evt_1');
    expect(await two.claim(0, 5, 300)).toEqual([]);
    // the holder dies without a word: once its lease ends, the other takes the delivery, same event
    let retaken: Awaited<ReturnType<WebhookJobs['claim']>> = [];
    while (retaken.length === 0) retaken = await two.claim(0, 5, 60_000);
    expect(retaken.map((d) => [d.key, d.job.eventId, d.attempts])).toEqual([['evt_1/wh_a/0', 'evt_1', 0]]);
    // the first holder's late word is refused: the lease is the other's now
    expect(await one.settle('evt_1/wh_a/0', { kind: 'delivered' }, noted, 10)).toEqual({ held: false });
    expect(await two.settle('evt_1/wh_a/0', { kind: 'delivered' }, noted, 10)).toEqual({ held: true });
    expect(await one.counts()).toEqual({ pending: 0, givenUp: 0 });
  });

  it('takes only the first delivery of each target, so each target gets its events in order', async () => {
    const jobs = jobsOf('order');
    for (const id of ['wh_a', 'wh_b']) {
      await jobs.addTarget({ id, url: `http://127.0.0.1:9/${id}`, secret: 's', fromOptions: false });
    }
    await jobs.enqueue([job(1), job(2), job(3)], [1, 2, 1], 0);
    const first = await jobs.claim(0, 10, 60_000);
    expect(first.map((d) => d.key).sort()).toEqual(['evt_1/wh_a/0', 'evt_1/wh_b/0']);
    // a failed attempt waits for its retry at the head of its queue: nothing behind it passes
    const a = first.find((d) => d.targetId === 'wh_a');
    if (!a) throw new Error('nothing taken for wh_a');
    await jobs.settle(
      a.key,
      { kind: 'retry', delivery: { ...a, attempts: 1, firstAt: 0, dueAt: 1000 } },
      noted,
      10,
    );
    expect((await jobs.claim(500, 10, 60_000)).map((d) => d.targetId)).toEqual([]); // wh_b's is leased
    const [again] = await jobs.claim(1000, 10, 60_000);
    expect(again).toMatchObject({ key: a.key, attempts: 1, firstAt: 0 });
    await jobs.settle(a.key, { kind: 'delivered' }, noted, 10);
    const sent = [a.key];
    for (
      let taken = await jobs.claim(1000, 1, 60_000);
      taken.length > 0;
      taken = await jobs.claim(1000, 1, 60_000)
    ) {
      for (const d of taken) {
        sent.push(d.key);
        await jobs.settle(d.key, { kind: 'delivered' }, noted, 10);
      }
    }
    expect(sent.filter((key) => key.includes('/wh_a/'))).toEqual([
      'evt_1/wh_a/0',
      'evt_2/wh_a/0',
      'evt_2/wh_a/1',
      'evt_3/wh_a/0',
    ]);
  });

  it('holds reordered deliveries in the table for the window, then gives them shuffled, never in the order queued', async () => {
    const jobs = jobsOf('reordered');
    for (const id of ['wh_a', 'wh_b']) {
      await jobs.addTarget({ id, url: `http://127.0.0.1:9/${id}`, secret: 's', fromOptions: false });
    }
    // one at a time, as requests queue them; the second process's view counts them waiting
    const other = jobsOf('reordered');
    await other.counts();
    const start = Date.now();
    for (const n of [1, 2, 3, 4, 5]) await jobs.enqueue([job(n)], [1], 0, { holdMs: 1500 });
    expect(await jobs.claim(0, 10, 60_000)).toEqual([]); // the window is not over
    expect(await other.counts()).toEqual({ pending: 10, givenUp: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1600 - (Date.now() - start)));
    const sent: string[] = [];
    for (
      let taken = await jobs.claim(0, 10, 60_000);
      taken.length > 0;
      taken = await jobs.claim(0, 10, 60_000)
    ) {
      for (const d of taken) {
        sent.push(d.key);
        await jobs.settle(d.key, { kind: 'delivered' }, noted, 10);
      }
    }
    const order = (target: string) =>
      sent.filter((key) => key.includes(`/${target}/`)).map((key) => key.split('/')[0]);
    expect([...order('wh_a')].sort()).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4', 'evt_5']);
    expect(order('wh_a')).not.toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4', 'evt_5']);
    expect(order('wh_b')).toEqual(order('wh_a')); // one shuffle for every target
    // two in a window: always the other order, whichever the hash would give (8 windows)
    for (let round = 0; round < 8; round++) {
      await jobs.enqueue([job(10 + 2 * round), job(11 + 2 * round)], [1, 1], 0, { holdMs: 0 });
      const taken: string[] = [];
      for (
        let next = await jobs.claim(0, 10, 60_000);
        next.length > 0;
        next = await jobs.claim(0, 10, 60_000)
      ) {
        for (const d of next) {
          if (d.targetId === 'wh_a') taken.push(d.job.eventId);
          await jobs.settle(d.key, { kind: 'delivered' }, noted, 10);
        }
      }
      expect(taken).toEqual([`evt_${11 + 2 * round}`, `evt_${10 + 2 * round}`]);
    }
  });

  it('takes the next delivery of a target in the statement that settles the one before', async () => {
    const [one, two] = [jobsOf('chain'), jobsOf('chain')];
    await one.addTarget({ id: 'wh_a', url: 'http://127.0.0.1:9/hooks', secret: 's', fromOptions: false });
    await one.enqueue([job(1), job(2), job(3)], [1, 1, 1], 0);
    const [first] = await one.claim(0, 5, 60_000);
    const settled = await one.settle('evt_1/wh_a/0', { kind: 'delivered' }, noted, 10, {
      now: 0,
      leaseMs: 60_000,
    });
    expect(settled).toMatchObject({ held: true, next: { key: 'evt_2/wh_a/0', attempts: 0 } });
    expect(first?.key).toBe('evt_1/wh_a/0');
    expect(await two.claim(0, 5, 60_000)).toEqual([]); // the next one is held already
    // given up, the target's next delivery is taken the same way
    const givenUp = { ...(settled.next as NonNullable<typeof settled.next>), status: 'given-up' as const };
    const after = await one.settle('evt_2/wh_a/0', { kind: 'given-up', delivery: givenUp }, noted, 10, {
      now: 0,
      leaseMs: 60_000,
    });
    expect(after).toMatchObject({ held: true, next: { key: 'evt_3/wh_a/0' } });
    expect(await one.counts()).toEqual({ pending: 1, givenUp: 1 });
  });

  it('a closing dispatcher gives its leases back: another takes the delivery at once', async () => {
    const hanging = await receiver(['hang']);
    const a = dispatcherOf('drain', { leaseMs: 3_600_000 });
    a.register({ url: hanging.url, secret: 's' });
    await a.sync();
    const jobs = jobsOf('drain');
    await jobs.enqueue([job(7)], [1], 0);
    a.settle();
    await hanging.waitFor(1, 60_000);
    expect(await jobs.claim(Date.now(), 5, 60_000)).toEqual([]); // held for an hour
    await a.close();
    const [taken] = await jobs.claim(Date.now(), 5, 60_000);
    expect(taken?.job.eventId).toBe('evt_7');
  });

  it('a delivery failed by one process is retried by another with the same Webhook-Id', async () => {
    const flaky = await receiver([500, 204]);
    const a = dispatcherOf('retry');
    a.register({ url: flaky.url, secret: 's' });
    await a.sync();
    await a.close(); // its first attempt was never made: nothing is queued yet
    const jobs = jobsOf('retry');
    await jobs.enqueue([job(9)], [1], 0);
    const [first] = await jobs.claim(Date.now(), 1, 60_000);
    if (!first) throw new Error('nothing taken');
    // this "process" attempts once (500) and is killed before it settles; its lease ends
    const firstAnswer = await fetch(first.url, {
      method: 'POST',
      headers: { 'webhook-id': first.job.eventId },
      body: first.job.body,
    });
    expect(firstAnswer.status).toBe(500);
    await jobs.settle(first.key, { kind: 'released' }, noted, 10);
    const b = dispatcherOf('retry');
    await b.sync();
    b.settle();
    await b.idle();
    await b.sync();
    const ids = flaky.deliveries.map((d) => d.headers['webhook-id']);
    expect(ids).toEqual(['evt_9', 'evt_9']);
    expect(b.deliveries().at(-1)).toMatchObject({ eventId: 'evt_9', ok: true, attempt: 1 });
  });
});

describe('two mocks on one database', () => {
  it('share targets: registered through one, listed by the other, events caused on both arrive once each, in order', async () => {
    const hooks = await receiver();
    const [a, b] = [instance(), instance()];
    const registered = await a.request('/__mock/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: hooks.url, secret: 'whsec_shared' }),
    });
    expect(registered.status).toBe(201);
    const { id } = (await registered.json()) as { id: string };
    const listed = (await (await b.request('/__mock/webhooks')).json()) as { targets: { id: string }[] };
    expect(listed.targets.map((t) => t.id)).toEqual([id]);
    const keys: string[] = [];
    for (const app of [a, b, a]) {
      const res = await app.request('/api/v1/videos', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'hooked' }] }),
      });
      keys.push(...((await res.json()) as { key: string }[]).map((v) => v.key));
    }
    await a.mock.webhooks.idle();
    await b.mock.webhooks.idle();
    const ids = hooks.deliveries.map((d) => d.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    const videoKeys = hooks.deliveries.map((d) => (d.json.data as { videoKey: string }).videoKey);
    expect(videoKeys).toEqual(keys);
    // the attempts are every process's records
    const records = (await (await b.request('/__mock/webhooks/deliveries')).json()) as {
      deliveries: unknown[];
    };
    expect(records.deliveries).toHaveLength(3);
    expect((await (await a.request('/__mock/webhooks/pending')).json()) as unknown).toEqual({ pending: [] });
    const removed = await b.request(`/__mock/webhooks/${id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(((await (await a.request('/__mock/webhooks')).json()) as { targets: unknown[] }).targets).toEqual(
      [],
    );
  });
});
