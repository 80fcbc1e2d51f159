import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Listening, listenHttp } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortedError,
  createVideoApiClient as createCoreClient,
  InputError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  type UploadProgress,
  type VideoApiClient,
} from '../src/index.js';
import { createVideoApiClient, type NodeUploadSource } from '../src/node.js';
import { prepareSource } from '../src/upload/source.js';
import { startMock } from './support/mock.js';

const folder = mkdtempSync(join(tmpdir(), 'client-stop-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An endless-looking stream of 64 KiB chunks, one per 10 ms, that records its cancel. */
function slowStream() {
  const seen: { cancelled?: unknown } = {};
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        controller.enqueue(new Uint8Array(64 * 1024));
      },
      cancel(reason) {
        seen.cancelled = reason ?? 'no reason';
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen, source: { stream, size: 100 * 1024 * 1024 } };
}

type AnyClient = VideoApiClient<NodeUploadSource>;
const transports: [string, (url: string) => AnyClient][] = [
  ['node:http (the /node entry)', (url) => createVideoApiClient({ baseUrl: url, token: 'mock-token' })],
  [
    'fetch (the main entry)',
    (url) => createCoreClient({ baseUrl: url, token: 'mock-token' }) as unknown as AnyClient,
  ],
];

describe.each(transports)('an upload through %s', (_, make) => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  let early: Listening;
  let client: AnyClient;
  beforeAll(async () => {
    mock = await startMock('over HTTP');
    client = make(mock.url);
    // Answers 500 at once, without reading the body.
    early = await listenHttp((_, response) => {
      response.writeHead(500, { 'content-type': 'text/plain', connection: 'close' }).end('full');
    });
  });
  afterAll(async () => {
    await early.close();
    await mock.close();
  });
  const create = async () =>
    (await client.createVideos({ projectKey: 'demo', videos: [{ title: 's' }] }))[0]?.key as string;

  it("cancels the caller's stream when the upload is aborted", async () => {
    const { stream, seen, source } = slowStream();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user gave up')), 100);
    const error = await client
      .uploadSource(await create(), source, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect(seen.cancelled).toBeDefined();
    expect(stream.locked).toBe(false);
  });

  it("cancels the caller's stream when the upload times out", async () => {
    const { seen, source } = slowStream();
    const error = await client
      .uploadSource(await create(), source, { timeoutMs: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(seen.cancelled).toBeDefined();
  });

  it("cancels the caller's stream when the server answers an error before the end", async () => {
    const { seen, source } = slowStream();
    const other = make(early.url);
    const error = await other.uploadSource('v-1', source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(seen.cancelled).toBeDefined();
  });

  it.each([
    ['more', 3000],
    ['fewer', 1000],
  ])('refuses a stream that gives %s bytes than declared with InputError, not NetworkError', async (_, n) => {
    const stream = new Blob([new Uint8Array(n)]).stream();
    const error = await client.uploadSource(await create(), { stream, size: 2000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ operation: 'uploadVideoSource', attempts: 1 });
  });

  it('sends an in-memory Blob in slices, so progress moves in steps', async () => {
    const total = 3 * 1024 * 1024;
    const events: UploadProgress[] = [];
    await client.uploadSource(await create(), new Blob([new Uint8Array(total)]), {
      onProgress: (event) => events.push(event),
    });
    expect(events.length).toBeGreaterThanOrEqual(8);
    expect(events.at(-1)).toEqual({ loaded: total, total, attempt: 1 });
  });
});

describe('upload sources', () => {
  it('reads a Blob in slices of at most 256 KiB', async () => {
    const prepared = prepareSource(new Blob([new Uint8Array(1024 * 1024 + 5)]));
    const sizes: number[] = [];
    for await (const chunk of prepared?.chunks() ?? []) sizes.push(chunk.byteLength);
    expect(sizes).toEqual([262_144, 262_144, 262_144, 262_144, 5]);
  });

  it('refuses a Node stream with InputError that says what is accepted', async () => {
    const { Readable } = await import('node:stream');
    const client = createVideoApiClient({ baseUrl: 'http://x.example', fetch: async () => new Response() });
    const error = await client
      .uploadSource('v-1', { stream: Readable.from([Buffer.alloc(4)]) as never, size: 4 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toContain('stream must be a web ReadableStream');
    expect((error as InputError).message).toContain('Readable.toWeb(stream)');
  });
});

describe('the node:http transport', () => {
  const openHandles = (path: string) =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === path;
      } catch {
        return false;
      }
    }).length;

  it.skipIf(!existsSync('/proc/self/fd'))(
    'stops reading the file when the server answers while a write waits for drain',
    async () => {
      const path = join(folder, 'big.bin');
      writeFileSync(path, new Uint8Array(32 * 1024 * 1024));
      // Reads nothing and answers once the client's writes have filled the socket's buffers.
      const server = await listenHttp((request, response) => {
        request.pause();
        setTimeout(() => response.writeHead(413, { 'content-type': 'text/plain' }).end('too large'), 300);
      });
      const client = createVideoApiClient({ baseUrl: server.url, token: 't' });
      const error = await client.uploadSource('v-1', path).catch((e: unknown) => e);
      await server.close();
      expect(error).toMatchObject({ status: 413 });
      for (let i = 0; i < 40 && openHandles(path) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(openHandles(path)).toBe(0);
    },
  );

  it('refuses a 2xx answer larger than 4 MiB rather than returning it cut', async () => {
    const server = await listenHttp((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5 * 1024 * 1024));
      });
    });
    const client = createVideoApiClient({ baseUrl: server.url, token: 't' });
    const error = await client.uploadSource('v-1', new Uint8Array(10)).catch((e: unknown) => e);
    await server.close();
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as UnexpectedResponseError).message).toContain('larger than 4194304 bytes');
  });
});
