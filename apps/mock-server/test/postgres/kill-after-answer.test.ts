/**
 * `kill -9` of a shared mock right after it answered loses no event: every write a client saw
 * acknowledged has its event's delivery in the database (under `webhook-delivery=reordered`
 * too), and every step of the virtual clock the killed process applied (a video made ready) has
 * its event beside it, whenever the kill came.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/node/postgres/database.js';
import { poolOn } from '../support/database-pool.js';
import { runCli } from '../support/run-cli.js';

let database: TestDatabase;
let reader: Database;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase('kill_after_answer');
  reader = poolOn(database.url, 'kill-reader');
  dataDir = mkdtempSync(join(tmpdir(), 'kill-after-answer-'));
}, 120_000);
afterAll(async () => {
  await reader?.release();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const headers = { authorization: 'Bearer mock-token', 'content-type': 'application/json' };

/** Creates one video through `base`; resolves to its key once the answer came, or undefined. */
async function create(base: string, reading?: string): Promise<string | undefined> {
  const res = await fetch(`${base}/api/v1/videos`, {
    method: 'POST',
    headers: { ...headers, ...(reading && { 'x-mock-reading': reading }) },
    body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'acknowledged' }] }),
  }).catch(() => undefined);
  if (res?.status !== 200) return undefined;
  const [video] = (await res.json()) as { key: string }[];
  return video?.key;
}

async function upload(base: string, key: string): Promise<boolean> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(1024)], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${base}/api/upload/v1/form-data/videos/${key}`, {
    method: 'POST',
    headers: { authorization: 'Bearer mock-token' },
    body: form,
  }).catch(() => undefined);
  return res?.status === 200;
}

/** The video keys with a queued delivery of `event`. */
const keysWith = async (event: string) =>
  new Set(
    (
      await reader.run(
        (sql) => sql<{ key: string }[]>`
          SELECT DISTINCT job ->> 'videoKey' AS key FROM mock_webhook_deliveries
          WHERE sandbox = '' AND job ->> 'event' = ${event}`,
      )
    ).map((row) => row.key),
  );

describe('kill -9 right after the answers', { timeout: 180_000 }, () => {
  it('leaves the event of every acknowledged write, and of every clock step applied, in the queue', async () => {
    const run = runCli([
      '--port',
      '0',
      '--database-url',
      database.url,
      '--data-dir',
      dataDir,
      '--transcode',
      'off',
      '--processing-ms',
      '300',
      '--log-level',
      'warn',
      // nothing listens there: every delivery fails and stays queued (retried, then given up)
      '--webhook',
      'http://127.0.0.1:9/hooks',
    ]);
    try {
      const base = await run.listening;
      // videos whose steps the killed process's clock applies while the writes below go on
      const uploaded: string[] = [];
      for (let i = 0; i < 6; i++) {
        const key = await create(base);
        if (key && (await upload(base, key))) uploaded.push(key);
      }
      const answered = await Promise.all(
        Array.from({ length: 40 }, (_, i) => create(base, i % 2 ? 'webhook-delivery=reordered' : undefined)),
      );
      run.child.kill('SIGKILL'); // at once: the last answers are a moment old
      await run.closed;
      const acknowledged = answered.filter((key): key is string => key !== undefined);
      expect(acknowledged.length).toBe(40);
      const created = await keysWith('video.created');
      expect(acknowledged.filter((key) => !created.has(key))).toEqual([]);
      const processing = await keysWith('video.processing');
      expect(uploaded.filter((key) => !processing.has(key))).toEqual([]);
      // every video the killed process made ready (a step applied) has its event beside it
      const ready = await reader.run(
        (sql) => sql<{ key: string }[]>`
          SELECT key FROM mock_videos WHERE sandbox = '' AND record ->> 'phase' = 'ready'`,
      );
      expect(ready.length).toBeGreaterThan(0); // the first uploads' steps came due before the kill
      const readyEvents = await keysWith('video.ready');
      expect(ready.map((row) => row.key).filter((key) => !readyEvents.has(key))).toEqual([]);
    } finally {
      run.child.kill('SIGKILL');
      await run.closed;
    }
  });
});
