import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchFile, BatchProgress } from '../src/batch/types.js';
import { AmbiguousCreateError, InputError, memoryLedger, ValidationError } from '../src/index.js';
import { crashAtFirstUpload } from './support/crash.js';
import { startMock } from './support/mock.js';

const files = (prefix: string, n: number): BatchFile<Uint8Array>[] =>
  Array.from({ length: n }, (_, i) => ({
    source: new Uint8Array(100 + i),
    title: `${prefix}-${i}`,
    correlationId: `${prefix}-${i}`,
  }));

describe('uploadVideos against the mock', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock('in-process');
  });
  afterAll(() => mock.close());
  afterEach(() => mock.mock.faults.clear());

  it('creates in batches, uploads concurrently, waits, and returns a result per file in order', async () => {
    const creates = mock.count('createVideos');
    const events: BatchProgress[] = [];
    const results = await mock.client.uploadVideos(files('a', 5), {
      projectKey: 'demo',
      batchSize: 2,
      concurrency: 2,
      wait: { onPoll: () => mock.mock.advanceClock(1000) },
      onProgress: (event) => events.push(event),
    });
    expect(creates()).toBe(3);
    expect(results.map((r) => [r.index, r.ok, r.correlationId])).toEqual([
      [0, true, 'a-0'],
      [1, true, 'a-1'],
      [2, true, 'a-2'],
      [3, true, 'a-3'],
      [4, true, 'a-4'],
    ]);
    for (const result of results) {
      expect(result.ok && result.video?.status).toBe('ready');
      const video = await mock.client.getVideo(result.videoKey as string);
      expect(video.simpleCustomFields).toEqual({}); // no correlationField: no custom field written
    }
    expect(events.filter((e) => e.phase === 'done')).toHaveLength(5);
    expect(events.filter((e) => e.upload?.loaded === e.upload?.total && e.upload !== undefined)).toHaveLength(
      5,
    );
  });

  it('lets one failed upload fail alone while the others finish', async () => {
    mock.mock.faults.add({ route: 'uploadVideoSource', errorRate: 1, errorStatus: 400, times: 1 });
    const results = await mock.client.uploadVideos(files('b', 4), { projectKey: 'demo', concurrency: 1 });
    expect(results.map((r) => r.ok)).toEqual([false, true, true, true]);
    const failed = results[0];
    expect(failed?.ok === false && failed.error).toBeInstanceOf(ValidationError);
    expect(failed?.videoKey).toMatch(/^v-/);
  });

  it('never repeats a create whose outcome is unknown, now or on a rerun', async () => {
    const ledger = memoryLedger();
    mock.mock.faults.add({ route: 'createVideos', errorRate: 1, errorStatus: 503, times: 1 });
    const creates = mock.count('createVideos');
    const first = await mock.client.uploadVideos(files('c', 3), { projectKey: 'demo', batchSize: 2, ledger });
    expect(first.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'AmbiguousCreateError',
      'AmbiguousCreateError',
      'ok',
    ]);
    expect(creates()).toBe(2);
    const again = await mock.client.uploadVideos(files('c', 3), { projectKey: 'demo', batchSize: 2, ledger });
    expect(creates()).toBe(2);
    expect(again.map((r) => (r.ok ? 'ok' : r.error.name))).toEqual([
      'AmbiguousCreateError',
      'AmbiguousCreateError',
      'ok',
    ]);
    expect(again[0]?.ok === false && again[0].error).toBeInstanceOf(AmbiguousCreateError);
    expect(again[2]?.videoKey).toBe(first[2]?.videoKey);
  });

  it('creates again after a create that was clearly refused (4xx): nothing was made', async () => {
    const ledger = memoryLedger();
    mock.mock.faults.add({ route: 'createVideos', errorRate: 1, errorStatus: 400, times: 1 });
    const first = await mock.client.uploadVideos(files('d', 1), { projectKey: 'demo', ledger });
    expect(first[0]?.ok).toBe(false);
    const again = await mock.client.uploadVideos(files('d', 1), { projectKey: 'demo', ledger });
    expect(again[0]?.ok).toBe(true);
  });

  it('resumes after a crash mid-upload with the same videos, making no duplicate', async () => {
    const ledger = memoryLedger();
    const creates = mock.count('createVideos');
    const first = await mock.client.uploadVideos(files('e', 3), {
      projectKey: 'demo',
      ledger,
      ...crashAtFirstUpload(),
    });
    expect(first.every((r) => !r.ok)).toBe(true);
    expect(creates()).toBe(1);
    const second = await mock.client.uploadVideos(files('e', 3), { projectKey: 'demo', ledger });
    expect(creates()).toBe(1);
    expect(second.map((r) => r.ok)).toEqual([true, true, true]);
    expect(second.map((r) => r.videoKey)).toEqual(first.map((r) => r.videoKey));
    const uploads = mock.count('uploadVideoSource');
    await mock.client.uploadVideos(files('e', 3), { projectKey: 'demo', ledger });
    expect([creates(), uploads()]).toEqual([1, 0]);
  });

  it('creates a new video when the remembered one carries another correlation id', async () => {
    const [other] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'other' }] });
    await mock.client.updateCustomFields(other?.key as string, { uploadCorrelationId: 'someone-else' });
    const ledger = memoryLedger({ 'f-0': { state: 'created', videoKey: other?.key as string } });
    const results = await mock.client.uploadVideos(files('f', 1), {
      projectKey: 'demo',
      ledger,
      correlationField: 'uploadCorrelationId',
    });
    expect(results[0]?.ok).toBe(true);
    expect(results[0]?.videoKey).not.toBe(other?.key);
  });

  it.each([
    [{ projectKey: '' }, 'projectKey must be a non-empty string'],
    [{ projectKey: 'p', concurrency: 0 }, 'concurrency must be an integer >= 1, got 0'],
    [{ projectKey: 'p', batchSize: 1.5 }, 'batchSize must be an integer >= 1, got 1.5'],
  ])('refuses the options %j', async (options, message) => {
    await expect(mock.client.uploadVideos(files('g', 1), options)).rejects.toThrow(
      new InputError(`uploadVideos: ${message}`),
    );
  });
});
