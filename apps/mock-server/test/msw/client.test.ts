/**
 * Our client against the msw handlers in Node, with nothing pointed at the mock but its base URL:
 * the main entry (global fetch, streamed fetch uploads) and the Node entry (uploads from a file
 * path over node:http, which msw's `setupServer` intercepts too). The client's waits move the
 * mock's virtual clock.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { videoApiHandlers } from '../../src/msw.js';
import { createVideoApiClient, type UploadProgress } from './support/client.js';
import { fields, VALUES } from './support/fields.js';
import { TOKEN } from './support/flow.js';
import { createNodeClient } from './support/node-client.js';
import { REFUSE_UNHANDLED } from './support/unhandled.js';

const BASE = 'https://api.example.test/video';
const served = videoApiHandlers({ baseUrl: BASE, realTimeClock: false, processingMs: 3000 });
const server = setupServer(...served.handlers);
const folder = mkdtempSync(join(tmpdir(), 'mock-msw-client-'));

beforeAll(() => server.listen(REFUSE_UNHANDLED));
afterEach(() => served.mock.reset());
afterAll(async () => {
  server.close();
  await served.mock.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The client's waits advance the mock's virtual clock instead of real time. */
const sleep = async (ms: number) => served.mock.advanceClock(ms);

describe('the client against the msw handlers', () => {
  it('creates, uploads with progress, waits for readiness and reads its five kinds of custom fields back', async () => {
    const client = createVideoApiClient({ baseUrl: BASE, token: TOKEN, sleep });
    const [created] = await client.createVideos({ projectKey: 'demo', videos: [{ title: 'Keynote' }] });
    const key = created?.key as string;
    const progress: UploadProgress[] = [];
    const size = 1024 * 1024 + 7;
    await client.uploadSource(key, new Blob([new Uint8Array(size).fill(3)]), {
      filename: 'clip.mp4',
      onProgress: (event) => progress.push(event),
    });
    expect(progress.at(-1)).toMatchObject({ loaded: size, total: size });
    expect((await served.mock.sourceOf(key))?.size).toBe(size);
    const ready = await client.waitForReady(key, { intervalMs: 1000 });
    expect(ready).toMatchObject({ videoKey: key, status: 'ready' });
    expect(await fields.write(client, key, VALUES)).toEqual(VALUES);
    expect(await fields.read(client, key)).toEqual(VALUES);
  });

  it('uploads a file path through node:http (the Node entry), intercepted by setupServer', async () => {
    const client = createNodeClient({ baseUrl: BASE, token: TOKEN, sleep });
    const path = join(folder, 'clip.mp4');
    const bytes = new Uint8Array(2 * 1024 * 1024).map((_, i) => i % 199);
    writeFileSync(path, bytes);
    const [created] = await client.createVideos({ projectKey: 'demo', videos: [{ title: 'From disk' }] });
    const key = created?.key as string;
    const progress: UploadProgress[] = [];
    await client.uploadSource(key, path, { onProgress: (event) => progress.push(event) });
    expect(progress.at(-1)).toMatchObject({ loaded: bytes.length, total: bytes.length });
    const stored = await served.mock.sourceOf(key);
    expect(stored?.size).toBe(bytes.length);
    expect(stored?.filename).toBe('clip.mp4');
    expect((await client.waitForReady(key)).status).toBe('ready');
  });

  it('sees the typed errors of the mock through msw', async () => {
    const client = createVideoApiClient({ baseUrl: BASE, token: 'not-a-token', retry: false });
    await expect(client.getVideo('v-0001')).rejects.toMatchObject({ name: 'AuthError', status: 401 });
    const authorised = createVideoApiClient({ baseUrl: BASE, token: TOKEN, retry: false });
    await expect(authorised.getVideo('v-0404')).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
  });
});
