import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  AuthError,
  createVideoApiClient,
  InputError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnexpectedResponseError,
  ValidationError,
} from '../src/index.js';
import { json, recordingSleep, scriptedFetch, video } from './support/scripted-fetch.js';

const created = (key: string, title: string) => ({
  key,
  title,
  primaryPlaybackUrl: {
    name: 'primary',
    hls: { name: 'hls', url: `http://s.example/hls/${key}/playlist.m3u8` },
  },
});

function setup(...answers: Parameters<typeof scriptedFetch>) {
  const script = scriptedFetch(...answers);
  const time = recordingSleep();
  const client = createVideoApiClient({
    baseUrl: 'http://api.example/',
    token: 't-1',
    fetch: script.fetch,
    sleep: time.sleep,
    userAgent: 'tests/1',
    retry: { random: () => 0 },
  });
  return { client, ...script, ...time };
}

describe('createVideoApiClient', () => {
  it('refuses a base URL that is not http(s)', () => {
    expect(() => createVideoApiClient({ baseUrl: 'api.example' })).toThrow(InputError);
  });

  it('defaults the upload base URL to the base URL (the upload host is unknown, §4.2)', () => {
    const { client } = setup(json([]));
    expect(client.uploadBaseUrl).toBe('http://api.example');
  });

  it('sends the bearer token and user agent on every operation (§5)', async () => {
    const { client, seen } = setup(json(video('v-1')));
    await client.getVideo('v-1');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer t-1');
    expect(seen[0]?.headers.get('user-agent')).toBe('tests/1');
  });

  it('asks getToken for the token per request', async () => {
    const script = scriptedFetch(json(video('v-1')));
    let n = 0;
    const client = createVideoApiClient({
      baseUrl: 'http://a.example',
      getToken: async () => `t-${++n}`,
      fetch: script.fetch,
    });
    await client.getVideo('v-1');
    await client.getVideo('v-1');
    expect(script.seen.map((s) => s.headers.get('authorization'))).toEqual(['Bearer t-1', 'Bearer t-2']);
  });
});

describe('the four operations', () => {
  it('creates videos with POST /api/v1/videos and returns one element per entry (§4.1)', async () => {
    const { client, seen } = setup(json([created('v-1', 'A'), created('v-2', 'B')]));
    const videos = await client.createVideos({
      projectKey: 'demo',
      videos: [{ title: 'A', tags: ['x'] }, { title: 'B' }],
    });
    expect(videos.map((v) => v.key)).toEqual(['v-1', 'v-2']);
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'http://api.example/api/v1/videos' });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      projectKey: 'demo',
      videos: [{ title: 'A', tags: ['x'] }, { title: 'B' }],
    });
  });

  it('gets a video with GET /api/v1/videos/{videoKey}, encoding the key (§4.3)', async () => {
    const { client, seen } = setup(json(video('a/b', { note: 'hi' })));
    const got = await client.getVideo('a/b');
    expect(got.simpleCustomFields).toEqual({ note: 'hi' });
    expect(seen[0]?.url).toBe('http://api.example/api/v1/videos/a%2Fb');
  });

  it('writes custom fields with PUT and a body of one member (§4.4)', async () => {
    const { client, seen } = setup(json(video('v-1', { views: 3 })));
    await client.updateCustomFields('v-1', { views: 3 });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      url: 'http://api.example/api/v1/videos/v-1/custom-fields',
    });
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ simpleCustomFields: { views: 3 } });
  });

  it('keeps the raw openapi-fetch client reachable, with auth, returning errors rather than throwing', async () => {
    const { client, seen } = setup(new Response('', { status: 404 }));
    const result = await client.raw.GET('/api/v1/videos/{videoKey}', {
      params: { path: { videoKey: 'v-1' } },
    });
    expect(result.response.status).toBe(404);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer t-1');
  });
});

describe('typed errors', () => {
  it.each([
    [401, AuthError],
    [404, NotFoundError],
    [400, ValidationError],
    [500, ServerError],
  ])(
    'throws on a %i with an empty body (openapi-fetch alone reports neither data nor error)',
    async (status, type) => {
      const { client } = setup(new Response(null, { status, headers: { 'content-length': '0' } }));
      const error = await client.updateCustomFields('v-1', {}, { retry: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      expect(error).toMatchObject({ status, rawBody: '', operation: 'updateCustomFields' });
    },
  );

  it('keeps status, headers, raw and parsed body', async () => {
    const body = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'no video v-9' };
    const { client } = setup(json(body, 404, { 'x-request-id': 'r-1' }));
    const error = (await client.getVideo('v-9').catch((e: unknown) => e)) as NotFoundError;
    expect(error.message).toBe('getVideo failed: 404: no video v-9');
    expect(error.headers?.get('x-request-id')).toBe('r-1');
    expect(error.body).toEqual(body);
    expect(error.rawBody).toBe(JSON.stringify(body));
  });

  it('throws UnexpectedResponseError on a 2xx that is not a video', async () => {
    const { client } = setup(json({ hello: 'world' }));
    await expect(client.getVideo('v-1')).rejects.toThrow(UnexpectedResponseError);
  });

  it('throws UnexpectedResponseError when create answers fewer videos than asked', async () => {
    const { client } = setup(json([created('v-1', 'A')]));
    await expect(
      client.createVideos({ projectKey: 'p', videos: [{ title: 'A' }, { title: 'B' }] }),
    ).rejects.toThrow(/expected an array of 2 videos/);
  });

  it('reports a failed connection as NetworkError', async () => {
    const { client } = setup(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }));
    const error = await client.getVideo('v-1', { retry: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('getVideo failed: no response (ECONNREFUSED)');
  });

  it('reports a slow answer as TimeoutError and an aborted call as AbortedError', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const { client } = setup(hang);
    await expect(client.getVideo('v-1', { timeoutMs: 5, retry: false })).rejects.toThrow(TimeoutError);
    const controller = new AbortController();
    const pending = client.getVideo('v-1', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow(AbortedError);
  });

  it("with timeoutMs 0 still aborts on the caller's signal, and a call without either completes", async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const { client } = setup(hang, json(video('v-1')));
    const controller = new AbortController();
    const pending = client.getVideo('v-1', { timeoutMs: 0, signal: controller.signal, retry: false });
    controller.abort();
    await expect(pending).rejects.toThrow(AbortedError);
    await expect(client.getVideo('v-1', { timeoutMs: 0 })).resolves.toMatchObject({ videoKey: 'v-1' });
  });

  it('refuses an empty video key before sending', async () => {
    const { client, seen } = setup(json(video('x')));
    await expect(client.getVideo('')).rejects.toThrow(InputError);
    expect(seen).toHaveLength(0);
  });
});

describe('retries', () => {
  it('retries get on 503 and 408 with growing delays, then succeeds', async () => {
    const { client, seen, delays } = setup(
      new Response('', { status: 503 }),
      new Response('', { status: 408 }),
      json(video('v-1')),
    );
    await expect(client.getVideo('v-1')).resolves.toMatchObject({ videoKey: 'v-1' });
    expect(seen).toHaveLength(3);
    expect(delays).toEqual([100, 200]);
  });

  it('retries update on network errors', async () => {
    const { client, seen } = setup(new TypeError('fetch failed'), json(video('v-1')));
    await client.updateCustomFields('v-1', { a: 'b' });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.body).toBe('{"simpleCustomFields":{"a":"b"}}');
  });

  it('honours Retry-After on 429 instead of the backoff', async () => {
    const { client, delays } = setup(
      new Response('', { status: 429, headers: { 'Retry-After': '3' } }),
      json(video('v-1')),
    );
    await client.getVideo('v-1');
    expect(delays).toEqual([3000]);
  });

  it('honours Retry-After on a 503 too', async () => {
    const { client, delays } = setup(
      new Response('', { status: 503, headers: { 'Retry-After': '4' } }),
      json(video('v-1')),
    );
    await client.getVideo('v-1');
    expect(delays).toEqual([4000]);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs', async () => {
    const { client, seen } = setup(new Response('', { status: 429, headers: { 'Retry-After': '600' } }));
    await expect(client.getVideo('v-1')).rejects.toThrow(RateLimitedError);
    expect(seen).toHaveLength(1);
  });

  it('gives up after the configured retries and says how many attempts were made', async () => {
    const { client, seen } = setup(new Response('', { status: 500 }));
    const error = (await client
      .getVideo('v-1', { retry: { retries: 4 } })
      .catch((e: unknown) => e)) as ServerError;
    expect(seen).toHaveLength(5);
    expect(error.attempts).toBe(5);
  });

  it.each([
    ['a 503', new Response('', { status: 503 })],
    ['a network error', new TypeError('fetch failed')],
    ['a 500', new Response('', { status: 500 })],
  ])('never retries create after %s, even when retries are asked for', async (_, answer) => {
    const { client, seen } = setup(answer);
    await expect(
      client.createVideos({ projectKey: 'p', videos: [{ title: 'A' }] }, { retry: { retries: 5 } }),
    ).rejects.toBeDefined();
    expect(seen).toHaveLength(1);
  });

  it('retries create after a 429 when asked (a refusal: nothing was created)', async () => {
    const { client, seen, delays } = setup(
      new Response('', { status: 429, headers: { 'Retry-After': '1' } }),
      json([created('v-1', 'A')]),
    );
    await client.createVideos({ projectKey: 'p', videos: [{ title: 'A' }] }, { retry: { retries: 1 } });
    expect(seen).toHaveLength(2);
    expect(delays).toEqual([1000]);
  });

  it('does not retry create by default, even after a 429', async () => {
    const { client, seen } = setup(new Response('', { status: 429 }));
    await expect(client.createVideos({ projectKey: 'p', videos: [{ title: 'A' }] })).rejects.toThrow(
      RateLimitedError,
    );
    expect(seen).toHaveLength(1);
  });

  it('does not retry 4xx other than 408 and 429', async () => {
    const { client, seen } = setup(new Response('', { status: 400 }));
    await expect(client.getVideo('v-1')).rejects.toThrow(ValidationError);
    expect(seen).toHaveLength(1);
  });

  it('turns retries off per call with retry: false', async () => {
    const { client, seen } = setup(new Response('', { status: 503 }));
    await expect(client.getVideo('v-1', { retry: false })).rejects.toThrow(ServerError);
    expect(seen).toHaveLength(1);
  });
});
