/**
 * Transcodes as jobs of a shared mock: an instance that takes none (`transcodeConcurrency: 0`)
 * queues the upload's transcode in the database; a process that took it and died leaves it under a
 * lease, and once the lease ends another instance takes it again, transcodes into the shared
 * folder and makes the video ready for every instance, which then serve its renditions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTranscodeJobs, type TranscodeJobs } from '../../src/node/postgres/postgres-transcodes.js';
import { poolOn } from '../support/database-pool.js';
import { clip, createVideo, transcodingApp, until, uploadFile } from '../support/transcode.js';

let database: TestDatabase;
let jobs: TranscodeJobs;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase('shared_transcodes');
  dataDir = mkdtempSync(join(tmpdir(), 'video-api-shared-transcodes-'));
  const db = poolOn(database.url, `dead-process`);
  jobs = postgresTranscodeJobs(db, '');
  await db.ready;
}, 120_000);
afterAll(async () => {
  await jobs?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const on = (name: string, options: { transcodeConcurrency?: number } = {}) =>
  // Real time on the clock, as every instance of a shared mock runs (a fixed start is each process's own).
  transcodingApp({
    databaseUrl: `${database.url}?application_name=${name}`,
    dataDir,
    realTimeClock: true,
    processingMs: 60_000,
    ...options,
  });

describe('transcodes on a shared database', { timeout: 120_000 }, () => {
  it('are taken by another instance once the lease of a dead taker ends, and ready on every instance', async () => {
    const queuing = on('queuing', { transcodeConcurrency: 0 });
    const key = await createVideo(queuing.app);
    expect((await uploadFile(queuing.app, key, await clip(2))).status).toBe(200);
    // a process takes it and dies without a word: its lease holds the transcode for 1 s
    let taken: Awaited<ReturnType<TranscodeJobs['claim']>> = [];
    await until(async () => {
      taken = await jobs.claim(1, 1000);
      return taken.length > 0;
    }, 'the queued transcode');
    expect(taken.map((job) => [job.key, job.attempts])).toEqual([[key, 1]]);
    expect(await jobs.pending()).toBe(1);
    expect(await queuing.text('/__mock/metrics')).toMatch(/^video_api_mock_transcodes_pending 1$/m);

    const taking = on('taking');
    await until(() => taking.log.messages('transcoded').length === 1, 'the transcode by another instance');
    expect(taking.log.messages('transcode taken again (its lease had ended)')).toMatchObject([
      { videoKey: key, attempts: 2 },
    ]);
    expect(queuing.log.messages('transcoded')).toEqual([]);
    await until(async () => (await jobs.pending()) === 0, 'the finished transcode leaving the queue');
    expect(await queuing.status(key)).toBe('processing'); // the renditions exist; the clock has not moved
    await queuing.app.mock.advanceClock(60_000);
    await until(async () => (await taking.status(key)) === 'ready', 'ready on the other instance');
    expect(await queuing.status(key)).toBe('ready');
    // the instance that did not transcode serves the renditions from the shared folder
    expect(await queuing.text(`/hls/${key}/playlist.m3u8`)).toMatch(/720p\/playlist\.m3u8/);
  });
});
