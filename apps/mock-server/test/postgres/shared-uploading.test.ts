/**
 * The `uploading` phase of a shared mock is one truth: two mocks on one PostgreSQL database (each
 * with a pool of its own, as two processes) show a video `uploading` while a first upload streams
 * into either, `created` again once it is abandoned, and once the lease of a process killed
 * mid-upload ends; the transition's events are emitted once, by the instance that took the upload.
 */
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/create-app.js';
import type { Database } from '../../src/node/postgres/database.js';
import { createPostgresStore } from '../../src/node/postgres/postgres-store.js';
import { uploadLeases } from '../../src/node/postgres/postgres-uploads.js';
import type { VideoEvent } from '../../src/state/events.js';
import { newRecord } from '../../src/state/record.js';
import type { MockApp } from '../../src/types.js';
import { poolOn } from '../support/database-pool.js';

let database: TestDatabase;
/** A pool of the test's own, to look at the uploads in progress the instances recorded. */
let looking: Database;
const apps: MockApp[] = [];
beforeAll(async () => {
  database = await createTestDatabase('shared_uploading');
  looking = poolOn(database.url, 'looking');
}, 120_000);
afterAll(async () => {
  for (const app of apps) await app.mock.close();
  await looking?.release();
  await database?.drop();
});

/** How many uploads of `key` are recorded in progress (rows of mock_uploads, leases ended or not). */
const recordedUploads = async (key: string) => {
  const [row] = await looking.run(
    (sql) => sql<{ n: number }[]>`SELECT count(*)::int AS n FROM mock_uploads WHERE key = ${key}`,
  );
  return row?.n ?? 0;
};

const auth = { authorization: 'Bearer mock-token' };
let pools = 0;

/** A mock on the test database with a pool of its own, and the events it emitted (state changes). */
function instance(): { app: MockApp; of(key: string): string[] } {
  const app = createApp({
    databaseUrl: `${database.url}?application_name=up-${pools++}`,
    transcode: 'off',
    readings: { 'video-states': 'detailed' }, // the reading that shows `uploading` (§3's words)
  });
  apps.push(app);
  const keyed: [key: string, change: string][] = [];
  app.mock.onEvent((event: VideoEvent) => {
    keyed.push([event.videoKey, `${event.previousState}->${event.state}`]);
  });
  /** The changes of one video (another test's video may come due meanwhile: any process applies its steps). */
  const of = (key: string) => keyed.filter(([videoKey]) => videoKey === key).map(([, change]) => change);
  return { app, of };
}

async function createVideo(app: MockApp): Promise<string> {
  const res = await app.request('/api/v1/videos', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'slow' }] }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as [{ key: string }])[0].key;
}

const statusOn = async (app: MockApp, key: string) =>
  ((await (await app.request(`/api/v1/videos/${key}`, { headers: auth })).json()) as { status: string })
    .status;

const BOUNDARY = 'slow-upload-boundary';
const text = (value: string) => new TextEncoder().encode(value);

/**
 * An upload into `app` whose body this test writes: the form's head at once, then the file's
 * bytes when `send` is called, its end with `finish`, or a broken body with `abort`.
 */
function slowUpload(app: MockApp, key: string) {
  let body!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      body = controller;
      controller.enqueue(
        text(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n` +
            'Content-Type: video/mp4\r\n\r\n',
        ),
      );
    },
  });
  const response = app.request(`/api/upload/v1/form-data/videos/${key}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return {
    response: Promise.resolve(response),
    send: (bytes: number) => body.enqueue(new Uint8Array(bytes).fill(7)),
    finish() {
      body.enqueue(text(`\r\n--${BOUNDARY}--\r\n`));
      body.close();
    },
    abort: () => body.error(new Error('the client went away')),
  };
}

/** Resolves once `check` gives `expected`, polling every 50 ms for at most `ms`. */
async function until<T>(check: () => Promise<T>, expected: T, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  for (let last = await check(); last !== expected; last = await check()) {
    if (Date.now() > deadline)
      throw new Error(`still ${String(last)} after ${ms} ms, not ${String(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the uploading phase on two mocks of one database', { timeout: 60_000 }, () => {
  it('shows uploading through both while a first upload streams into one, created on both once it is abandoned', async () => {
    const [a, b] = [instance(), instance()];
    const key = await createVideo(a.app);
    const upload = slowUpload(a.app, key);
    upload.send(64 * 1024);
    await until(() => statusOn(a.app, key), 'uploading');
    expect(await statusOn(b.app, key)).toBe('uploading');
    upload.send(64 * 1024);
    expect(await statusOn(b.app, key)).toBe('uploading');
    upload.abort();
    expect((await upload.response).status).toBeGreaterThanOrEqual(400);
    expect([await statusOn(a.app, key), await statusOn(b.app, key)]).toEqual(['created', 'created']);
    // The transitions are emitted once each, by the instance that took the upload.
    expect(a.of(key)).toEqual(['null->created', 'created->uploading', 'uploading->created']);
    expect(b.of(key)).toEqual([]);
  });

  it('emits uploading once for two uploads at once into both, shows it until the last ends, then stores the source', async () => {
    const [a, b] = [instance(), instance()];
    const key = await createVideo(a.app);
    const first = slowUpload(a.app, key);
    first.send(1024);
    await until(() => statusOn(b.app, key), 'uploading');
    const second = slowUpload(b.app, key);
    second.send(1024);
    await until(() => recordedUploads(key), 2); // the second began before the first ends
    first.abort();
    await first.response;
    // the second still streams in: uploading on both
    expect([await statusOn(a.app, key), await statusOn(b.app, key)]).toEqual(['uploading', 'uploading']);
    second.send(1024);
    second.finish();
    expect((await second.response).status).toBe(200);
    expect([await statusOn(a.app, key), await statusOn(b.app, key)]).toEqual(['uploaded', 'uploaded']);
    const all = [...a.of(key), ...b.of(key)];
    expect(all.filter((event) => event.endsWith('->uploading'))).toEqual(['created->uploading']);
    expect(all.filter((event) => event.startsWith('uploading->'))).toEqual(['uploading->uploaded']);
  });

  it('shows created again on both once the lease of a process killed mid-upload ends', async () => {
    const [a, b] = [instance(), instance()];
    const key = await createVideo(a.app);
    // A process takes an upload under a lease of 1 s and dies without a word: nobody renews or ends it.
    const dead = poolOn(database.url, 'killed-mid-upload');
    try {
      await uploadLeases(dead, '').begin(key, 1000);
    } finally {
      await dead.release();
    }
    expect([await statusOn(a.app, key), await statusOn(b.app, key)]).toEqual(['uploading', 'uploading']);
    await until(() => statusOn(b.app, key), 'created', 5000);
    expect(await statusOn(a.app, key)).toBe('created');
    // and a new upload through either is the first again, stored as usual
    const upload = slowUpload(b.app, key);
    upload.send(2048);
    upload.finish();
    expect((await upload.response).status).toBe(200);
    expect(b.of(key)).toEqual(['created->uploading', 'uploading->uploaded']);
  });

  it('keeps an upload longer than its lease in progress while its process lives (renewed every third of the lease)', async () => {
    const store = createPostgresStore(poolOn(database.url, 'renewing'), 'renewing', { uploadLeaseMs: 600 });
    try {
      await store.putMany([newRecord('long', { title: 'long', projectKey: 'p', owner: undefined }, 0)]);
      const upload = await store.uploads.begin('long');
      await new Promise((resolve) => setTimeout(resolve, 2000)); // more than three leases
      const during = await store.get('long');
      expect(during && store.uploads.has(during)).toBe(true);
      expect(await upload.end()).toBe(true);
      const after = await store.get('long');
      expect(after && store.uploads.has(after)).toBe(false);
    } finally {
      await store.close();
    }
  });
});
