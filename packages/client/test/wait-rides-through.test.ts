import { type Listening, listenHttp } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError, NotFoundError, ServerError, TimeoutError } from '../src/index.js';
import { createVideoApiClient } from '../src/node.js';
import { videoBody } from './support/scripted-fetch.js';

describe('waitForReady rides through failed polls until its deadline', () => {
  let server: Listening;
  let gets = 0;
  beforeAll(async () => {
    server = await listenHttp((request, response) => {
      const key = request.url?.split('/').pop() ?? '';
      gets++;
      if (key === 'v-503') return void response.writeHead(503).end('busy');
      if (key === 'v-404') return void response.writeHead(404).end('gone');
      // v-flaky: 503 on the first two gets, then ready.
      if (key.startsWith('v-flaky') && gets % 10 < 3) return void response.writeHead(503).end('busy');
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(videoBody(key, { status: 'ready' }));
    });
  });
  afterAll(() => server.close());

  const client = () =>
    createVideoApiClient({ baseUrl: server.url, token: 't', retry: { retries: 1, minDelayMs: 5 } });

  it('goes on polling after a poll that still fails with 503 after its retries', async () => {
    gets = 0;
    const video = await client().waitForReady('v-flaky', { timeoutMs: 5000, intervalMs: 10 });
    expect(video.videoKey).toBe('v-flaky');
  });

  it('throws TimeoutError at the deadline, naming the last failure', async () => {
    const started = Date.now();
    const error = await client()
      .waitForReady('v-503', { timeoutMs: 700, intervalMs: 50 })
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(650);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).cause).toBeInstanceOf(ServerError);
    expect((error as TimeoutError).message).toMatch(
      /^video v-503 was not ready after 700 ms \(\d+ polls; the last poll failed: getVideo failed: 503/,
    );
  });

  it('ends at once on a 404', async () => {
    const error = await client()
      .waitForReady('v-404', { timeoutMs: 5000, intervalMs: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
  });
});

describe('waitForReady options', () => {
  it('show a string given for a number as JSON', async () => {
    const client = createVideoApiClient({ baseUrl: 'http://x.example', fetch: async () => new Response() });
    const error = await client.waitForReady('v-1', { intervalMs: '5' as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe(
      'waitForReady: intervalMs must be a number of ms greater than 0, got "5"',
    );
  });
});
