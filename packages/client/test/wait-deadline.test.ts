import { type Listening, listenHttp } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, InputError, TimeoutError } from '../src/index.js';
import { createVideoApiClient } from '../src/node.js';
import { videoBody } from './support/scripted-fetch.js';

/** Settles with the outcome of `promise`, or with 'still pending' after `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.catch((error: unknown) => error),
    new Promise((resolve) => setTimeout(() => resolve('still pending'), ms).unref()),
  ]);

describe('waitForReady ends at its deadline, whatever hangs', () => {
  let server: Listening;
  beforeAll(async () => {
    server = await listenHttp((request, response) => {
      if (request.url?.startsWith('/api/v1/videos/v-hang')) return; // get never answers
      if (request.url?.startsWith('/hls/')) return; // the playlist never answers
      const playlist = `http://${request.headers.host}/hls/v-1/playlist.m3u8`;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        videoBody('v-1', { primaryPlaybackUrl: { name: 'p', hls: { name: 'h', url: playlist } } }),
      );
    });
  });
  afterAll(() => server.close());

  const client = () => createVideoApiClient({ baseUrl: server.url, token: 't' });

  it('when getVideo never answers (each poll gets only the time left, not 30 s and retries)', async () => {
    const outcome = await within(client().waitForReady('v-hang', { timeoutMs: 300 }), 5000);
    expect(outcome).toBeInstanceOf(TimeoutError);
    expect((outcome as TimeoutError).message).toBe('video v-hang was not ready after 300 ms (1 polls)');
  });

  it('when the playlist checked for readiness never answers', async () => {
    const outcome = await within(client().waitForReady('v-1', { timeoutMs: 300, intervalMs: 50 }), 5000);
    expect(outcome).toBeInstanceOf(TimeoutError);
  });

  it('when a custom fetch ignores the signal of the playlist check', async () => {
    const c = createVideoApiClient({
      baseUrl: server.url,
      token: 't',
      fetch: (request) =>
        request.url.includes('/hls/') ? new Promise<Response>(() => {}) : globalThis.fetch(request),
    });
    const outcome = await within(c.waitForReady('v-1', { timeoutMs: 300 }), 5000);
    expect(outcome).toBeInstanceOf(TimeoutError);
  });

  it("when a predicate of the caller's never settles", async () => {
    const waiting = client().waitForReady('v-1', { timeoutMs: 300, isReady: () => new Promise(() => {}) });
    expect(await within(waiting, 5000)).toBeInstanceOf(TimeoutError);
  });

  it('and an abort of the caller still reads as AbortedError, naming the wait', async () => {
    const outcome = await within(
      client().waitForReady('v-hang', { timeoutMs: 10_000, signal: AbortSignal.timeout(200) }),
      5000,
    );
    expect(outcome).toBeInstanceOf(AbortedError);
    expect((outcome as AbortedError).message).toContain('waitForReady of video v-hang was aborted');
  });
});

describe('waitForReady options', () => {
  const client = createVideoApiClient({ baseUrl: 'http://wait.example', fetch: async () => new Response() });
  it.each([
    [{ intervalMs: 0 }, 'intervalMs must be a number of ms greater than 0, got 0'],
    [{ intervalMs: -1 }, 'intervalMs must be a number of ms greater than 0, got -1'],
    [{ maxIntervalMs: Number.NaN }, 'maxIntervalMs must be a number of ms greater than 0, got NaN'],
    [{ timeoutMs: 0 }, 'timeoutMs must be a number of ms greater than 0 (or Infinity), got 0'],
  ])('refuses %j rather than polling in a tight loop', async (options, message) => {
    const error = await client.waitForReady('v-1', options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe(`waitForReady: ${message}`);
  });
});
