/**
 * `video-api-mock worker`: a process without HTTP on the shared database delivers the webhooks
 * queued through the instances, and on SIGTERM gives back the lease of an attempt it holds, so
 * that another process takes the delivery at once, with the same event id. It takes the jobs of
 * every sandbox too, those made after it started included, while no instance of them runs.
 */
import { createTestDatabase, startWebhookReceiver, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStore } from '../../src/node/postgres/postgres-store.js';
import { postgresWebhookJobs } from '../../src/node/postgres/postgres-webhooks.js';
import type { VideoRecord } from '../../src/state/types.js';
import type { WebhookJobs } from '../../src/webhooks/job-queue.js';
import type { EventJob } from '../../src/webhooks/types.js';
import { poolOn } from '../support/database-pool.js';
import { eventJob } from '../support/event-job.js';
import { runCli } from '../support/run-cli.js';

let database: TestDatabase;
let jobs: WebhookJobs;
const cleanups: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  database = await createTestDatabase('worker');
  const db = poolOn(database.url, 'worker-test');
  jobs = postgresWebhookJobs(db, '');
  await db.ready;
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await jobs?.close();
  await database?.drop();
});

const job = (n: number): EventJob => eventJob(n, 'worker_');

/** Starts a worker and resolves once it says what it does. */
async function worker() {
  const run = runCli(['worker', '--database-url', database.url, '--log-level', 'warn']);
  cleanups.push(async () => {
    run.child.kill('SIGKILL');
    await run.closed;
  });
  const until = Date.now() + 60_000;
  while (!run.output().stdout.includes('taking webhook deliveries')) {
    if (run.child.exitCode !== null || Date.now() > until) throw new Error(JSON.stringify(run.output()));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return run;
}

describe('video-api-mock worker', () => {
  it('refuses to start without --database-url, and with --port', async () => {
    for (const args of [['worker'], ['worker', '--database-url', 'postgres://127.0.0.1/x', '--port', '0']]) {
      const run = runCli(args);
      expect(await run.closed).toBe(2);
      expect(run.output().stderr).toMatch(/worker: --(database-url is required|port is not accepted)/);
    }
  });

  it('delivers what the instances queued, and gives back on SIGTERM the lease of an attempt it holds', async () => {
    const receiver = await startWebhookReceiver({ statuses: [204, 204, 'hang'] });
    cleanups.push(() => receiver.close());
    await jobs.addTarget({ id: 'wh_worker', url: receiver.url, secret: 's', fromOptions: false });
    await jobs.enqueue([job(1), job(2)], [1, 1], 0);
    const run = await worker();
    await receiver.waitFor(2, 60_000);
    await jobs.enqueue([job(3)], [1], 0);
    await receiver.waitFor(3, 60_000); // the third hangs: the worker holds its lease (30 s)
    expect(await jobs.claim(Date.now(), 5, 60_000)).toEqual([]);
    run.child.kill('SIGTERM');
    expect(await run.closed).toBe(0);
    expect(run.output().stdout).toContain('SIGTERM: giving the leases back');
    const [retaken] = await jobs.claim(Date.now(), 5, 60_000);
    expect(retaken?.job.eventId).toBe('evt_worker_3');
    expect(receiver.deliveries.map((d) => d.headers['webhook-id'])).toEqual([
      'evt_worker_1',
      'evt_worker_2',
      'evt_worker_3',
    ]);
  });
});

describe('a worker and the sandboxes', () => {
  /** Sandbox `name` as an instance leaves it: a video, a target and one event queued; then no instance of it runs. */
  async function sandboxWithEvent(name: string, url: string, n: number) {
    const store = createPostgresStore(poolOn(database.url, `worker-${name}-store`), name);
    await store.putMany([{ key: 'v-0001', title: name } as unknown as VideoRecord]);
    const queue = postgresWebhookJobs(poolOn(database.url, `worker-${name}-jobs`), name);
    await queue.addTarget({ id: `wh_${name}`, url, secret: 's', fromOptions: false });
    await queue.enqueue([job(n)], [1], 0);
    await queue.close();
    await store.close();
  }

  it("delivers a sandbox's events, of a sandbox made before it started and of one made after", async () => {
    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    await sandboxWithEvent('team-a', receiver.url, 41);
    const run = await worker();
    await receiver.waitFor(1, 30_000);
    await sandboxWithEvent('team-b', receiver.url, 42);
    await receiver.waitFor(2, 30_000);
    expect(receiver.deliveries.map((d) => d.headers['webhook-id'])).toEqual([
      'evt_worker_41',
      'evt_worker_42',
    ]);
    expect(run.output().stdout).toContain('taking the jobs of sandbox team-b');
  });
});
