import { createVideoApiClient, RateLimitedError, VideoApiError } from '@video-api/client';
import { createApp } from '@video-api/mock-server/node';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { paths, TOKEN } from '../src/support/http.js';

// §4.1 create is not idempotent: the client must never send it twice after a failure that might
// have created something. Get and update may be retried, waiting what Retry-After says.
const app = createApp();
afterAll(() => app.mock.close());

type Outcome = 429 | 500 | 502 | 503 | 504 | 'reset' | 'pass';

/** A fetch that plays `script` (one outcome per attempt, then passes to the mock) and counts. */
function scripted(script: Outcome[], retryAfter = '0') {
  const sent: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const outcome = script[sent.length] ?? 'pass';
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    if (outcome === 'reset') throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
    if (outcome === 'pass') return app.fetch(request);
    return new Response(JSON.stringify({ title: 'injected', detail: `status ${outcome}` }), {
      status: outcome,
      headers: { 'content-type': 'application/problem+json', 'retry-after': retryAfter },
    });
  };
  return { fetch, sent };
}

const noWait = { sleeps: [] as number[] };
const sleep = async (ms: number) => {
  noWait.sleeps.push(ms);
};

describe('create (§4.1)', () => {
  const outcomes = fc.constantFrom<Outcome>(429, 500, 502, 503, 504, 'reset');

  it('is never sent again after a failure that may have created something, whatever the retry settings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(outcomes, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        async (script, retries, perCall) => {
          const { fetch, sent } = scripted(script);
          const client = createVideoApiClient({
            baseUrl: 'http://mock.test',
            token: TOKEN,
            fetch,
            sleep,
            ...(perCall ? {} : { retry: { retries, minDelayMs: 1 } }),
          });
          const call = client.createVideos(
            { projectKey: 'p', videos: [{ title: 'once' }] },
            perCall ? { retry: { retries, minDelayMs: 1 } } : {},
          );
          await call.catch((error: unknown) => expect(error).toBeInstanceOf(VideoApiError));
          // Only refusals (429) may be followed by another attempt.
          const firstNon429 = script.findIndex((outcome) => outcome !== 429);
          const attemptsAllowed = firstNon429 === -1 ? script.length + 1 : firstNon429 + 1;
          expect(sent.length).toBeLessThanOrEqual(attemptsAllowed);
          for (const [i, outcome] of script.entries()) {
            if (outcome !== 429 && i < sent.length - 1) throw new Error(`attempt ${i + 2} after ${outcome}`);
          }
        },
      ),
      { seed: 31, numRuns: 200 },
    );
  });

  it('stops after one attempt on a reset or a 5xx even when retries are asked for, with a typed error', async () => {
    for (const outcome of [500, 503, 'reset'] as const) {
      const { fetch, sent } = scripted([outcome]);
      const client = createVideoApiClient({
        baseUrl: 'http://mock.test',
        token: TOKEN,
        fetch,
        sleep,
        retry: { retries: 9 },
      });
      const error = await client
        .createVideos({ projectKey: 'p', videos: [{ title: 'x' }] }, { retry: { retries: 9 } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VideoApiError);
      expect(sent).toEqual(['POST /api/v1/videos']);
    }
  });
});

describe('Retry-After', () => {
  it.each([
    [429, 'delay-seconds', '3', 3000, 3000],
    [429, 'an HTTP-date', () => new Date(Date.now() + 5000).toUTCString(), 3000, 5000],
    [503, 'delay-seconds', '3', 3000, 3000],
    [503, 'an HTTP-date', () => new Date(Date.now() + 5000).toUTCString(), 3000, 5000],
  ] as const)(
    'of a %i as %s is waited before the next attempt of a get',
    async (status, _form, header, min, max) => {
      noWait.sleeps = [];
      const [key = ''] = await app.mock.seed([{ title: 'later' }]);
      const { fetch, sent } = scripted([status], typeof header === 'function' ? header() : header);
      const client = createVideoApiClient({ baseUrl: 'http://mock.test', token: TOKEN, fetch, sleep });
      const video = await client.getVideo(key);
      expect(video.videoKey).toBe(key);
      expect(sent).toHaveLength(2);
      expect(noWait.sleeps).toHaveLength(1);
      expect(noWait.sleeps[0]).toBeGreaterThanOrEqual(min);
      expect(noWait.sleeps[0]).toBeLessThanOrEqual(max);
    },
  );

  it("of the mock's own 429 (a rate-limit fault) is waited, on the mock's virtual clock", async () => {
    const [key = ''] = await app.mock.seed([{ title: 'limited' }]);
    app.mock.faults.set([
      { route: 'getVideo', rateLimit: { limit: 1, windowMs: 4000, retryAfterSeconds: 4 } },
    ]);
    const waits: number[] = [];
    const client = createVideoApiClient({
      baseUrl: 'http://mock.test',
      token: TOKEN,
      fetch: async (request) => app.fetch(request),
      sleep: async (ms) => {
        waits.push(ms);
        await app.mock.advanceClock(ms);
      },
    });
    await client.getVideo(key);
    await client.getVideo(key);
    app.mock.faults.clear();
    expect(waits).toEqual([4000]);
    expect((await app.mock.journal({ path: paths.get(key) })).map((entry) => entry.status)).toEqual([
      200, 429, 200,
    ]);
  });

  it('longer than maxRetryAfterMs is not waited: the 429 is thrown at once', async () => {
    noWait.sleeps = [];
    const { fetch, sent } = scripted([429], '3600');
    const client = createVideoApiClient({ baseUrl: 'http://mock.test', token: TOKEN, fetch, sleep });
    await expect(client.getVideo('v-any')).rejects.toBeInstanceOf(RateLimitedError);
    expect(sent).toHaveLength(1);
    expect(noWait.sleeps).toEqual([]);
  });
});
