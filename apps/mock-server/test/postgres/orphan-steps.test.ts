/**
 * A step of the virtual clock that a killed process scheduled is applied by another, with its
 * event: an instance already running (it never read that video) makes it ready once it came due,
 * and queues its event once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/create-app.js';
import type { Database } from '../../src/node/postgres/database.js';
import { poolOn } from '../support/database-pool.js';
import { runCli } from '../support/run-cli.js';

let database: TestDatabase;
let reader: Database;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase('orphan_steps');
  reader = poolOn(database.url, 'orphan-reader');
  dataDir = mkdtempSync(join(tmpdir(), 'orphan-steps-'));
}, 120_000);
afterAll(async () => {
  await reader?.release();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** How many deliveries of `video.ready` each video has. */
const readyEvents = async () =>
  new Map(
    (
      await reader.run(
        (sql) => sql<{ key: string; n: number }[]>`
          SELECT job ->> 'videoKey' AS key, count(*)::int AS n FROM mock_webhook_deliveries
          WHERE sandbox = '' AND job ->> 'event' = 'video.ready' GROUP BY 1`,
      )
    ).map((row) => [row.key, row.n]),
  );

describe('a step left by a killed process', { timeout: 120_000 }, () => {
  it('is applied by a running instance once due, with its event, once', async () => {
    const survivor = createApp({
      databaseUrl: `${database.url}?application_name=survivor`,
      dataDir,
      transcode: 'off',
      processingMs: 1500,
      logLevel: 'silent',
    });
    try {
      await survivor.mock.now(); // the survivor has taken up the state: it holds no step yet
      survivor.mock.webhooks.register({ url: 'http://127.0.0.1:9/hooks' });
      await survivor.mock.webhooks.sync();
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
        '1500',
        '--log-level',
        'warn',
      ]);
      const keys: string[] = [];
      try {
        const base = await run.listening;
        for (let i = 0; i < 3; i++) {
          const created = await fetch(`${base}/api/v1/videos`, {
            method: 'POST',
            headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
            body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'left' }] }),
          });
          const [video] = (await created.json()) as { key: string }[];
          const form = new FormData();
          form.set('file', new Blob([new Uint8Array(1024)], { type: 'video/mp4' }), 'clip.mp4');
          const uploaded = await fetch(`${base}/api/upload/v1/form-data/videos/${video?.key}`, {
            method: 'POST',
            headers: { authorization: 'Bearer mock-token' },
            body: form,
          });
          expect(uploaded.status).toBe(200);
          keys.push(video?.key ?? '');
        }
      } finally {
        run.child.kill('SIGKILL'); // before the steps it scheduled come due
        await run.closed;
      }
      expect(await readyEvents()).toEqual(new Map());
      const deadline = Date.now() + 20_000;
      while ((await readyEvents()).size < keys.length && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 1500)); // another look finds nothing more to apply
      expect(await readyEvents()).toEqual(new Map(keys.map((key) => [key, 1])));
      const phases = await reader.run(
        (sql) =>
          sql<{ phase: string }[]>`SELECT record ->> 'phase' AS phase FROM mock_videos WHERE sandbox = ''`,
      );
      expect(phases.map((row) => row.phase)).toEqual(['ready', 'ready', 'ready']);
    } finally {
      await survivor.mock.close();
    }
  });
});
