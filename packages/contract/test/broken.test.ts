/** The suite can fail: deliberately broken variants of the mock each fail the check that names them. */
import { describe, expect, it } from 'vitest';
import { toSummary } from '../src/report/summary.js';
import type { Target } from '../src/support/types.js';
import { failures, runAgainstMock } from './helpers.js';

type Fetch = Target['fetch'];
const rewriteJson =
  (match: (request: Request) => boolean, edit: (body: unknown) => unknown) =>
  (fetch: Fetch): Fetch =>
  async (request) => {
    const response = await fetch(request);
    if (!match(request) || !response.headers.get('content-type')?.includes('json')) return response;
    const body = edit(await response.json());
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
const isCreate = (r: Request) => r.method === 'POST' && new URL(r.url).pathname === '/api/v1/videos';
const isGet = (r: Request) =>
  r.method === 'GET' && /^\/api\/v1\/videos\/[^/]+$/.test(new URL(r.url).pathname);
type Created = Array<Record<string, unknown> & { primaryPlaybackUrl: { hls: { url: string } } }>;

const variants: Array<[string, (fetch: Fetch) => Fetch, string]> = [
  [
    'a dropped field (create answers without title)',
    rewriteJson(isCreate, (body) => (body as Created).map(({ title: _, ...rest }) => rest)),
    '§2 created videos have key, title and primaryPlaybackUrl',
  ],
  [
    'a wrong HLS address (an .mp4 without the key)',
    rewriteJson(isCreate, (body) =>
      (body as Created).map((v) => ({
        ...v,
        primaryPlaybackUrl: {
          ...v.primaryPlaybackUrl,
          hls: { name: 'hls', url: 'http://cdn.test/video.mp4' },
        },
      })),
    ),
    '§2 the HLS address is a URL with the video key in its path',
  ],
  [
    'fields not persisted (get always shows none)',
    rewriteJson(isGet, (body) => ({ ...(body as object), simpleCustomFields: {} })),
    '§4.3 get-video returns every custom field',
  ],
  [
    'fields not persisted, as the client sees it',
    rewriteJson(isGet, (body) => ({ ...(body as object), simpleCustomFields: {} })),
    '§2 the client writes every value form typed and reads it back typed',
  ],
  [
    'an unknown key answered with a 500',
    (fetch) => async (request) => {
      const response = await fetch(request);
      return isGet(request) && response.status === 404
        ? new Response('{"message":"internal error"}', {
            status: 500,
            headers: { 'content-type': 'application/json' },
          })
        : response;
    },
    '§4.3 the client reports an unknown video key as a typed HTTP error',
  ],
  [
    'a 5xx on bad input',
    (fetch) => async (request) => {
      const response = await fetch(request);
      return response.status === 400 || response.status === 422
        ? new Response('{"message":"internal error"}', {
            status: 500,
            headers: { 'content-type': 'application/json' },
          })
        : response;
    },
    '§4.1 invalid create bodies are refused with a 4xx, never a 5xx (property)',
  ],
  [
    'create without a token accepted',
    (fetch) => async (request) => {
      if (!isCreate(request) || request.headers.has('authorization')) return fetch(request);
      const headers = new Headers(request.headers);
      headers.set('authorization', 'Bearer contract-token');
      return fetch(new Request(request, { headers }));
    },
    '§5 create without the Bearer header is refused with a 4xx',
  ],
];

describe.concurrent('broken variants of the mock', () => {
  it.each(variants.map(([what, wrap, check]) => ({ what, wrap, check })))(
    '$what fails "$check"',
    async ({ wrap, check }) => {
      const report = await runAgainstMock({}, wrap);
      expect(report.summary.failed).toBeGreaterThan(0);
      expect(toSummary(report)).toContain(`✗ ${check}`);
    },
  );
});

describe('failures a person can act on', () => {
  const fiveHundred = variants.find(([what]) => what === 'a 5xx on bad input')?.[1];

  it('a property failure shows the server answer for the failing input and the seed that replays it', async () => {
    const report = await runAgainstMock({}, fiveHundred);
    const check = report.checks.find((c) => c.name.startsWith('invalid create bodies'));
    expect(check?.detail).toMatch(/^body .+: expected a 4xx, got POST \/api\/v1\/videos → 500 /);
    expect(check?.detail).toContain('replay with --seed 7');
    expect(check?.detail).not.toContain('unexpected error');
  });

  it('without a seed one is drawn and reported, so the run can be replayed', async () => {
    const report = await runAgainstMock({}, undefined, { seed: undefined as never });
    expect(Number.isInteger(report.seed)).toBe(true);
    expect(toSummary(report)).toContain(`replay with --seed ${report.seed}`);
  });

  it('an unknown key answered with 200 says the client call resolved', async () => {
    const report = await runAgainstMock({}, (fetch) => async (request) => {
      const response = await fetch(request);
      if (!isGet(request) || response.status !== 404) return response;
      return new Response('{"videoKey":"x","simpleCustomFields":{}}', {
        headers: { 'content-type': 'application/json' },
      });
    });
    const check = report.checks.find((c) => c.name.startsWith('the client reports an unknown video key'));
    expect(check?.detail).toMatch(
      /^getVideo\(".+"\) resolved: the server answered a key it never issued with a 2XX/,
    );
  });
});

describe('what the document does not state is not failed', () => {
  it('a server that ignores a member beyond simpleCustomFields in the update body passes', async () => {
    const ignoring =
      (fetch: Fetch): Fetch =>
      async (request) => {
        if (request.method !== 'PUT') return fetch(request);
        const body = (await request
          .clone()
          .json()
          .catch(() => undefined)) as Record<string, unknown> | undefined;
        if (body === undefined) return fetch(request); // not JSON: as it came
        const kept =
          body && typeof body === 'object' && !Array.isArray(body) && 'simpleCustomFields' in body
            ? { simpleCustomFields: body.simpleCustomFields }
            : body;
        return fetch(new Request(request, { body: JSON.stringify(kept) }));
      };
    const report = await runAgainstMock({}, ignoring, { propertyRuns: 40 });
    expect(failures(report)).toEqual([]);
  });
});

describe('a create that answers an empty array', () => {
  it('fails the count check and skips the checks that need an element, with the reason', async () => {
    const report = await runAgainstMock(
      {},
      rewriteJson(isCreate, () => []),
    );
    expect(failures(report)).toEqual([
      '§4.1 create returns one video per requested video: asked for 3 videos, got 0',
    ]);
    for (const name of [
      'created videos have key, title and primaryPlaybackUrl',
      'the HLS address is a URL with the video key in its path',
    ]) {
      expect(report.checks.find((c) => c.name === name)).toMatchObject({
        verdict: 'skipped',
        detail: expect.stringContaining('create answered an empty array'),
      });
    }
    expect(report.stoppedEarly?.cause).toBe('create-failed');
  });
});

describe('messages that say what was seen', () => {
  it('a video that ends in "failed" is reported as failed by the client check, not as a timeout', async () => {
    const failing = rewriteJson(isGet, (body) => {
      const video = body as Record<string, unknown>;
      return video.status === 'ready' ? { ...video, status: 'failed' } : video;
    });
    const report = await runAgainstMock({}, failing, { readyTimeoutMs: 5000 });
    const check = report.checks.find((c) => c.name === 'the client waits until the uploaded video is ready');
    expect(check?.verdict).toBe('fail');
    expect(check?.detail).toMatch(/^video .+ failed processing \(state "failed"\)/);
    expect(check?.detail).not.toMatch(/TimeoutError|not ready after/);
  });

  it('the interleaved check names a dropped value as missing, with the value expected', async () => {
    const dropping = rewriteJson(isGet, (body) => {
      const video = body as { simpleCustomFields?: Record<string, unknown> };
      const fields = video.simpleCustomFields;
      if (fields?.note !== 'sequence video 1') return video;
      const { views: _, ...rest } = fields;
      return { ...video, simpleCustomFields: rest };
    });
    const report = await runAgainstMock({}, dropping);
    const check = report.checks.find((c) => c.name.includes('interleaved videos'));
    expect(check?.detail).toMatch(
      /^.+\.views is missing after the write; expected 1001, the value written to it$/,
    );
    expect(check?.detail).not.toContain('leaked');
  });
});
