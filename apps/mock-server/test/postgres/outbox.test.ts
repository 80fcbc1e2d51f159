/**
 * No event lost between a write and the job queue on a shared store: a job write staged during a
 * store update is committed with it or not at all (src/node/postgres/outbox.ts), a step of the
 * virtual clock and its event are one unit, and the events a request caused are in the table
 * when its answer comes (under `webhook-delivery=reordered` too: held in the store, not in memory).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, startWebhookReceiver, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/create-app.js';
import type { Database } from '../../src/node/postgres/database.js';
import { createPostgresStore } from '../../src/node/postgres/postgres-store.js';
import { postgresWebhookJobs } from '../../src/node/postgres/postgres-webhooks.js';
import type { VideoRecord } from '../../src/state/types.js';
import type { Enqueued } from '../../src/webhooks/job-queue.js';
import type { EventJob } from '../../src/webhooks/types.js';
import { poolOn } from '../support/database-pool.js';

let database: TestDatabase;
let db: Database;
let other: Database;
let dataDir: string;
const closers: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  database = await createTestDatabase('outbox');
  db = poolOn(database.url, 'outbox-process');
  other = poolOn(database.url, 'outbox-reader');
  dataDir = mkdtempSync(join(tmpdir(), 'outbox-'));
}, 120_000);
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await db?.release();
  await other?.release();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** The events queued for `state` as another process reads them now: name and status, in order. */
const queuedEvents = (state: string) =>
  other.run(
    (sql) => sql<{ event: string; status: string }[]>`
      SELECT job ->> 'event' AS event, status FROM mock_webhook_deliveries WHERE sandbox = ${state} ORDER BY seq`,
  );

const job = (eventId: string): EventJob => ({
  eventId,
  event: 'video.ready',
  videoKey: 'v-0001',
  body: '{}',
  signing: 'unsigned',
  method: 'POST',
  security: 'none',
  readings: '',
});

const record = (key: string) =>
  ({ key, phase: 'processing', createdAt: 0, updatedAt: 0, schedule: [] }) as unknown as VideoRecord;

describe('a job write staged during a store update', () => {
  it('is in the table when the update resolves, and neither is written when the change throws or the write fails', async () => {
    const store = createPostgresStore(db, 'unit');
    const jobs = postgresWebhookJobs(db, 'unit');
    await store.putMany([record('v-0001')]);
    await jobs.addTarget({ id: 'wh_u', url: 'http://127.0.0.1:9/u', secret: 's', fromOptions: false });
    const outcomes: Array<Enqueued | undefined> = [];
    const stageIn = (eventId: string) => (current: VideoRecord) => {
      const staged = jobs.stage?.([job(eventId)], [1], 0, {}, (done) => outcomes.push(done));
      expect(staged).toBe(true);
      return { ...current, phase: 'ready' } as VideoRecord;
    };
    expect(jobs.stage?.([job('evt_alone')], [1], 0, {}, () => {})).toBe(false); // no update runs
    await store.update('v-0001', stageIn('evt_one'));
    expect(await queuedEvents('unit')).toEqual([{ event: 'video.ready', status: 'pending' }]);
    expect(outcomes).toEqual([{ queued: 1, refused: [] }]);

    await store.update('v-0001', (current) => ({ ...current, phase: 'processing' }) as VideoRecord);
    await expect(
      store.update('v-0001', (current) => {
        stageIn('evt_thrown')(current);
        throw new Error('refused change');
      }),
    ).rejects.toThrow('refused change');
    // an event id PostgreSQL cannot read as text: the delivery's insert fails, and the change with it
    await expect(store.update('v-0001', stageIn('evt_\u0000'))).rejects.toThrow();
    expect((await store.get('v-0001'))?.phase).toBe('processing');
    expect(await queuedEvents('unit')).toHaveLength(1);
    expect(outcomes).toEqual([{ queued: 1, refused: [] }, undefined, undefined]);
    await jobs.close();
    await store.close();
  });
});

describe('the events of a mock on a shared store', () => {
  it('are in the table when the request that caused them answers, and a clock step with its event', async () => {
    const hanging = await startWebhookReceiver({ statuses: ['hang'] });
    closers.push(() => hanging.close());
    const app = createApp({
      databaseUrl: `${database.url}?application_name=outbox-app`,
      dataDir,
      transcode: 'off',
      processingMs: 1000,
      realTimeClock: false,
      logLevel: 'silent',
      webhooks: [hanging.url],
    });
    closers.push(() => app.mock.close());
    const headers = { authorization: 'Bearer mock-token', 'content-type': 'application/json' };
    const create = (reading?: string) =>
      app.request('/api/v1/videos', {
        method: 'POST',
        headers: { ...headers, ...(reading && { 'x-mock-reading': reading }) },
        body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'kept' }] }),
      });
    const created = await create();
    expect(created.status).toBe(200);
    expect(await queuedEvents('')).toEqual([{ event: 'video.created', status: 'pending' }]);
    // reordered: held in the store for the window, not in this process's memory
    expect((await create('webhook-delivery=reordered')).status).toBe(200);
    expect((await queuedEvents('')).slice(1)).toEqual([{ event: 'video.created', status: 'held' }]);

    const [video] = (await created.json()) as { key: string }[];
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(2048)], { type: 'video/mp4' }), 'clip.mp4');
    const uploaded = await app.request(`/api/upload/v1/form-data/videos/${video?.key}`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token' },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    // (sorted: the held delivery goes last in its queue once its window ends)
    const names = async () => (await queuedEvents('')).map((e) => e.event).sort();
    expect(await names()).toEqual(['video.created', 'video.created', 'video.processing']);
    // the clock's step to ready is applied with its event, in one transaction
    await app.mock.advanceClock(1000);
    expect(await names()).toEqual(['video.created', 'video.created', 'video.processing', 'video.ready']);
  });
});
