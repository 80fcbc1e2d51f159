import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  AuthError,
  createVideoApiClient,
  InputError,
  RateLimitedError,
  VideoApiError,
} from '../src/index.js';
import { json, scriptedFetch, video } from './support/scripted-fetch.js';

describe('failures of our own are not reported as network errors', () => {
  it.each([
    ['a space in the host', 'http://exa mple'],
    ['no host', 'http://'],
    ['another scheme', 'ftp://files.example'],
    ['no scheme', 'api.example'],
  ])('refuses a baseUrl with %s at creation, with InputError', (_, baseUrl) => {
    expect(() => createVideoApiClient({ baseUrl })).toThrow(
      new InputError(
        `baseUrl must be an http(s) URL such as http://localhost:4010, got ${JSON.stringify(baseUrl)}`,
      ),
    );
  });

  it('refuses an uploadBaseUrl that is not a URL', () => {
    expect(() =>
      createVideoApiClient({ baseUrl: 'http://a.example', uploadBaseUrl: 'http://up load' }),
    ).toThrow(/^uploadBaseUrl must be an http\(s\) URL/);
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('vault down');
      },
    ],
    ['rejects', () => Promise.reject(new Error('vault down'))],
  ])(
    'reports a getToken that %s as AuthError with the cause, sends nothing and does not retry',
    async (_, getToken) => {
      const script = scriptedFetch(json(video('v-1')));
      const client = createVideoApiClient({ baseUrl: 'http://a.example', getToken, fetch: script.fetch });
      for (const call of [
        () => client.getVideo('v-1'),
        () => client.uploadSource('v-1', new Uint8Array(4)),
      ]) {
        const error = (await call().catch((e: unknown) => e)) as AuthError;
        expect(error).toBeInstanceOf(AuthError);
        expect(error.status).toBeUndefined();
        expect(error.attempts).toBe(1);
        expect(error.message).toMatch(/: getToken failed, nothing was sent \(vault down\)$/);
        expect((error.cause as Error).message).toBe('vault down');
      }
      expect(script.seen).toHaveLength(0);
    },
  );
});

describe('messages say what went wrong', () => {
  it('says that a Retry-After beyond maxRetryAfterMs was not waited for', async () => {
    const script = scriptedFetch(new Response('', { status: 429, headers: { 'Retry-After': '120' } }));
    const client = createVideoApiClient({ baseUrl: 'http://a.example', fetch: script.fetch });
    const error = (await client.getVideo('v-1').catch((e: unknown) => e)) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.message).toContain(
      'not retried: Retry-After asks for a wait of 120000 ms, more than maxRetryAfterMs (60000 ms)',
    );
  });

  it('names the operation when aborted while waiting to retry', async () => {
    const script = scriptedFetch(new Response('', { status: 429, headers: { 'Retry-After': '5' } }));
    const client = createVideoApiClient({ baseUrl: 'http://a.example', fetch: script.fetch });
    const error = (await client
      .getVideo('v-1', { signal: AbortSignal.timeout(50) })
      .catch((e: unknown) => e)) as AbortedError;
    expect(error).toBeInstanceOf(AbortedError);
    expect(error.operation).toBe('getVideo');
    expect(error.message).toMatch(
      /^getVideo was aborted while waiting 5000 ms to retry after attempt 1 \(getVideo failed: 429/,
    );
  });

  it('types the error given to onRetry as a VideoApiError', async () => {
    const statuses: (number | undefined)[] = [];
    const script = scriptedFetch(new Response('', { status: 503 }), json(video('v-1')));
    const client = createVideoApiClient({
      baseUrl: 'http://a.example',
      fetch: script.fetch,
      sleep: async () => {},
      retry: { onRetry: ({ error }) => statuses.push(error.status) },
    });
    await client.getVideo('v-1');
    expect(statuses).toEqual([503]);
    expect(VideoApiError).toBeDefined();
  });
});
