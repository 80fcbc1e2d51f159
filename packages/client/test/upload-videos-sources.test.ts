import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { refusedUrl } from '@video-api/test-support';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatchFile } from '../src/batch/types.js';
import {
  AbortedError,
  AmbiguousCreateError,
  AuthError,
  InputError,
  memoryLedger,
  NetworkError,
  uploadVideos,
} from '../src/index.js';
import { createVideoApiClient, type NodeUploadSource } from '../src/node.js';
import { startMock } from './support/mock.js';

const folder = mkdtempSync(join(tmpdir(), 'client-batch-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const one = (id: string): BatchFile<NodeUploadSource>[] => [
  { source: new Uint8Array(10), title: id, correlationId: id },
];

describe('uploadVideos: a create that was never sent leaves nothing behind', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock('in-process');
  });
  afterAll(() => mock.close());
  afterEach(() => mock.mock.faults.clear());

  it('clears the ledger entry when the connection is refused, so a rerun creates the video', async () => {
    const ledger = memoryLedger();
    const offline = createVideoApiClient({ baseUrl: await refusedUrl(), token: 'mock-token' });
    const [first] = await offline.uploadVideos(one('refused-1'), { projectKey: 'demo', ledger });
    expect(first?.ok === false && first.error).toBeInstanceOf(NetworkError);
    expect(first?.ok === false && first.error).not.toBeInstanceOf(AmbiguousCreateError);
    expect(ledger.entries()).toEqual({});
    const [again] = await mock.client.uploadVideos(one('refused-1'), { projectKey: 'demo', ledger });
    expect(again?.ok).toBe(true);
  });

  it('sends nothing and remembers nothing when the signal has already fired', async () => {
    const ledger = memoryLedger();
    const creates = mock.count('createVideos');
    const [first] = await mock.client.uploadVideos(one('aborted-1'), {
      projectKey: 'demo',
      ledger,
      signal: AbortSignal.abort(),
    });
    expect(first?.ok === false && first.error).toBeInstanceOf(AbortedError);
    expect([creates(), ledger.entries()]).toEqual([0, {}]);
    const [again] = await mock.client.uploadVideos(one('aborted-1'), { projectKey: 'demo', ledger });
    expect(again?.ok).toBe(true);
  });

  it('fails with AuthError, not as ambiguous, when getToken throws', async () => {
    const ledger = memoryLedger();
    const vault = await startMock(
      'in-process',
      {},
      {
        getToken: () => {
          throw new Error('vault down');
        },
      },
    );
    const creates = vault.count('createVideos');
    const [first] = await vault.client.uploadVideos(one('token-1'), { projectKey: 'demo', ledger });
    await vault.close();
    expect(first?.ok === false && first.error).toBeInstanceOf(AuthError);
    expect(first?.ok === false && first.error.message).toContain('vault down');
    expect([creates(), ledger.entries()]).toEqual([0, {}]);
  });

  it('says what to look for and what to clear after a create without a clear answer', async () => {
    const ledger = memoryLedger();
    mock.mock.faults.add({ route: 'createVideos', errorRate: 1, errorStatus: 503, times: 1 });
    const [first] = await mock.client.uploadVideos(one('vague-1'), { projectKey: 'demo', ledger });
    const [again] = await mock.client.uploadVideos(one('vague-1'), { projectKey: 'demo', ledger });
    for (const result of [first, again]) {
      const message = result?.ok === false ? result.error.message : '';
      expect(message).toContain('a video titled "vague-1" in project demo');
      expect(message).toContain('remove the entry "vague-1" from the ledger');
      expect(message).not.toMatch(/look for custom field/);
    }
    expect(ledger.entries()['vague-1']).toMatchObject({ state: 'creating', title: 'vague-1' });
    expect(again?.ok === false && again.error.message).toMatch(/ around \d{4}-\d\d-\d\dT/);
  });
});

describe('uploadVideos checks every source before creating its video', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock('in-process');
  });
  afterAll(() => mock.close());

  it.each([
    ['a missing file', () => join(folder, 'none.mp4'), /no such file/],
    ['a directory', () => folder, /a directory, not a file/],
    ['a Node stream', () => ({ stream: Readable.from([Buffer.alloc(4)]), size: 4 }), /Readable\.toWeb/],
  ])('refuses %s with InputError and creates no video for it', async (_, source, message) => {
    const creates = mock.count('createVideos');
    const results = await mock.client.uploadVideos(
      [
        { source: source() as NodeUploadSource, correlationId: 'bad' },
        { source: new Uint8Array(4), correlationId: 'good' },
      ],
      { projectKey: 'demo' },
    );
    const [bad, good] = results;
    expect(bad?.ok === false && bad.error).toBeInstanceOf(InputError);
    expect(bad?.ok === false && bad.error.message).toMatch(message);
    expect(bad?.videoKey).toBeUndefined();
    expect(good?.ok).toBe(true);
    expect(creates()).toBe(1);
    const video = await mock.client.getVideo(good?.videoKey as string);
    expect(video.title).not.toBe('none.mp4');
  });
});

describe('the standalone uploadVideos(client, files, options)', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock('in-process');
  });
  afterAll(() => mock.close());

  it('checks every source before creating its video, as the method does', async () => {
    const creates = mock.count('createVideos');
    const missing = join(folder, 'nonexistent.mp4');
    const [result] = await uploadVideos(mock.client, [{ source: missing }], { projectKey: 'demo' });
    expect(result?.ok === false && result.error).toBeInstanceOf(InputError);
    expect(result?.videoKey).toBeUndefined();
    expect(creates()).toBe(0);
  });

  it('refuses, without a create, a source that a client without checkSource cannot know', async () => {
    const creates = mock.count('createVideos');
    const { checkSource: _, ...bare } = mock.client;
    const [result] = await uploadVideos(bare as never, [{ source: 42 }], { projectKey: 'demo' });
    expect(result?.ok === false && result.error).toBeInstanceOf(InputError);
    expect(creates()).toBe(0);
  });
});

describe('a source of no known kind', () => {
  it('is described for the entry in use: the /node client takes paths itself', async () => {
    const client = createVideoApiClient({ baseUrl: 'http://x.example', fetch: async () => new Response() });
    const error = await client.uploadSource('v-1', 42 as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe(
      'uploadSource: source must be a file path or { path }, a Blob/File, an ArrayBuffer or typed array, or { stream, size }; got 42',
    );
  });
});
