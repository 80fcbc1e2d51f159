import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, HttpError, type UploadProgress, type UploadSource } from '../src/index.js';
import type { NodeUploadSource } from '../src/node.js';
import { type Mode, RECEIPT, startMock } from './support/mock.js';

const modes: Mode[] = ['in-process', 'over HTTP'];
const folder = mkdtempSync(join(tmpdir(), 'client-upload-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const bytes = (size: number) => Uint8Array.from({ length: size }, (_, i) => i % 251);

function sources(): [string, () => NodeUploadSource, number, string][] {
  const path = join(folder, 'clip.mp4');
  writeFileSync(path, bytes(300_000));
  return [
    ['a Blob', () => new Blob([bytes(1000)]), 1000, 'upload.bin'],
    ['a File', () => new File([bytes(2000)], 'intro.webm', { type: 'video/webm' }), 2000, 'intro.webm'],
    ['bytes', () => bytes(70_000), 70_000, 'upload.bin'],
    ['an ArrayBuffer', () => bytes(10).buffer, 10, 'upload.bin'],
    [
      'a stream of known size',
      () => ({ stream: new Blob([bytes(500_000)]).stream(), size: 500_000, name: 's.ts' }),
      500_000,
      's.ts',
    ],
    ['a file path', () => path, 300_000, 'clip.mp4'],
    ['an empty file', () => new Uint8Array(0), 0, 'upload.bin'],
  ];
}

describe.each(modes)('uploadSource %s', (mode) => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock(mode);
  });
  afterAll(() => mock.close());
  afterEach(() => mock.mock.faults.clear());

  const create = async () => {
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 't' }] });
    return video?.key as string;
  };

  it.each(sources())('uploads %s and the server stores every byte', async (_, make, size, filename) => {
    const key = await create();
    const result = await mock.client.uploadSource(key, make(), { headers: RECEIPT });
    expect(result.body).toEqual({ videoKey: key, size, filename });
  });

  it('reports progress of file bytes that reaches the total exactly once', async () => {
    const key = await create();
    const events: UploadProgress[] = [];
    await mock.client.uploadSource(key, bytes(3 * 1024 * 1024 + 7), {
      onProgress: (event) => events.push(event),
    });
    const total = 3 * 1024 * 1024 + 7;
    expect(events.filter((event) => event.loaded === total)).toHaveLength(1);
    expect(events.at(-1)).toEqual({ loaded: total, total, attempt: 1 });
    expect(
      events.every((event, i) => i === 0 || event.loaded > (events[i - 1] as UploadProgress).loaded),
    ).toBe(true);
  });

  it('returns the video record when the server answers one (reading upload-response-body: video-record)', async () => {
    const key = await create();
    const result = await mock.client.uploadSource(key, bytes(10));
    expect(result.video?.videoKey).toBe(key);
  });

  it('returns an undefined body when the server answers none (reading upload-response-body: empty)', async () => {
    const key = await create();
    const result = await mock.client.uploadSource(key, bytes(10), {
      headers: { 'X-Mock-Reading': 'upload-response-body=empty' },
    });
    expect(result).toMatchObject({ videoKey: key, body: undefined, video: undefined });
  });

  it('does not retry an upload unless asked, and retries it when asked', async () => {
    const key = await create();
    mock.mock.faults.add({ route: 'uploadVideoSource', errorRate: 1, errorStatus: 503, times: 1 });
    await expect(mock.client.uploadSource(key, bytes(10))).rejects.toMatchObject({
      status: 503,
      attempts: 1,
    });
    mock.mock.faults.add({ route: 'uploadVideoSource', errorRate: 1, errorStatus: 503, times: 1 });
    const events: UploadProgress[] = [];
    const result = await mock.client.uploadSource(key, bytes(100), {
      retry: { retries: 1 },
      headers: RECEIPT,
      onProgress: (event) => events.push(event),
    });
    expect(result.body).toMatchObject({ size: 100 });
    expect(events.filter((event) => event.attempt === 2 && event.loaded === 100)).toHaveLength(1);
  });

  it('refuses a path that is not a file, naming it', async () => {
    const key = await create();
    await expect(mock.client.uploadSource(key, join(folder, 'missing.mp4'))).rejects.toMatchObject({
      name: 'InputError',
      message: `cannot upload ${join(folder, 'missing.mp4')}: no such file`,
      operation: 'uploadVideoSource',
    });
    await expect(mock.client.uploadSource(key, folder)).rejects.toMatchObject({
      name: 'InputError',
      message: `cannot upload ${folder}: a directory, not a file`,
      operation: 'uploadVideoSource',
    });
  });

  it('refuses what is not a source', async () => {
    const key = await create();
    await expect(mock.client.uploadSource(key, 42 as unknown as UploadSource)).rejects.toThrow(
      /source must be/,
    );
  });
});

describe.each(modes)('uploadSource %s to a server with a file size limit', (mode) => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock(mode, { maxUploadBytes: 1024 });
  });
  afterAll(() => mock.close());

  it.each([2000, 20_000_000])(
    'reports a %i-byte file refused with 413 as HttpError, not a network error',
    async (size) => {
      const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'big' }] });
      const error = await mock.client
        .uploadSource(video?.key as string, new Uint8Array(size))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 413, operation: 'uploadVideoSource' });
    },
  );
});

describe('uploadSource over HTTP, on a slow server', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock('over HTTP');
  });
  afterAll(() => mock.close());

  it('stops when the signal aborts mid-upload, with AbortedError and no total reached', async () => {
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'slow' }] });
    mock.mock.faults.add({ route: 'uploadVideoSource', uploadBytesPerSecond: 512 * 1024, times: 1 });
    const controller = new AbortController();
    const total = 32 * 1024 * 1024;
    const events: UploadProgress[] = [];
    const upload = mock.client.uploadSource(video?.key as string, new Uint8Array(total), {
      signal: controller.signal,
      onProgress: (event) => {
        events.push(event);
        if (event.loaded > 0) controller.abort();
      },
    });
    await expect(upload).rejects.toBeInstanceOf(AbortedError);
    expect(events.some((event) => event.loaded > 0)).toBe(true);
    expect(events.every((event) => event.loaded < total)).toBe(true);
  });

  it('gives up after the upload timeout with TimeoutError', async () => {
    const [video] = await mock.client.createVideos({ projectKey: 'demo', videos: [{ title: 'slow' }] });
    mock.mock.faults.add({ route: 'uploadVideoSource', uploadBytesPerSecond: 64 * 1024, times: 1 });
    await expect(
      mock.client.uploadSource(video?.key as string, new Uint8Array(8 * 1024 * 1024), { timeoutMs: 300 }),
    ).rejects.toMatchObject({ name: 'TimeoutError', operation: 'uploadVideoSource' });
  });
});
