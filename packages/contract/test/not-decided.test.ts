/**
 * What the suite cannot see is said so, not guessed: checks that could not run are skipped with
 * their reason (and still listed), unknowns that could not be seen are "not observed", and a
 * reading the document leaves open never fails the target.
 */
import { describe, expect, it } from 'vitest';
import { toJUnit } from '../src/report/junit.js';
import { allObservations } from '../src/report/observations.js';
import { toSummary } from '../src/report/summary.js';
import type { Target } from '../src/support/types.js';
import { failures, runAgainstMock, skipped } from './helpers.js';

type Fetch = Target['fetch'];
const path = (r: Request) => new URL(r.url).pathname;
const isCreate = (r: Request) => r.method === 'POST' && path(r) === '/api/v1/videos';
const isGet = (r: Request) => r.method === 'GET' && /^\/api\/v1\/videos\/[^/]+$/.test(path(r));
const isUpload = (r: Request) => r.method === 'POST' && path(r).startsWith('/api/upload/');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Rewrites the `status` of get-video answers. */
const statusAs =
  (rewrite: (status: string) => string) =>
  (fetch: Fetch): Fetch =>
  async (request) => {
    const response = await fetch(request);
    if (!isGet(request) || response.status !== 200) return response;
    const video = (await response.json()) as Record<string, unknown>;
    return json(typeof video.status === 'string' ? { ...video, status: rewrite(video.status) } : video);
  };

describe('a server whose create answers no array', () => {
  const broken =
    (fetch: Fetch): Fetch =>
    async (request) => {
      const response = await fetch(request);
      return isCreate(request) && response.ok ? json({ videos: await response.json() }) : response;
    };

  it('lists every check of a full run, the unrun ones skipped with the reason', async () => {
    const [passing, report] = await Promise.all([runAgainstMock(), runAgainstMock({}, broken)]);
    expect(report.checks.map((c) => c.name)).toEqual(passing.checks.map((c) => c.name));
    expect(report.stoppedEarly?.cause).toBe('create-failed');
    expect(skipped(report).length).toBe(report.checks.length - 5);
    expect(skipped(report)[0]?.detail).toMatch(/^not run: create gave no two usable video keys/);
    expect(report.summary.skipped).toBe(skipped(report).length);
    // Unknowns not observed are reported with their reason, not as skipped tests.
    expect(toJUnit(report).match(/<skipped /g)?.length).toBe(report.checks.length - 5);
    expect(toJUnit(report).match(/<system-out>not observed: /g)?.length).toBe(allObservations(report).length);
  });

  it('records the unknowns as not observed, not as the reading "other"', async () => {
    const report = await runAgainstMock({}, broken);
    const observations = allObservations(report);
    expect(observations.every((o) => o.verdict === 'not-observed' && o.reading === undefined)).toBe(true);
    expect(report.summary).toMatchObject({ observed: 0, notObserved: observations.length });
    expect(toSummary(report)).toContain(
      '? status-codes: not observed (not probed: create gave no two usable video keys',
    );
  });
});

describe('a refused token', () => {
  it('stops at create with a message that says the token was refused', async () => {
    const report = await runAgainstMock({}, undefined, { target: { token: 'not-a-token' } });
    expect(failures(report)).toEqual([
      expect.stringMatching(
        /^§4\.1 create answers 2XX: the server refused the token \(401 on create\); check --token/,
      ),
    ]);
    expect(report.stoppedEarly?.cause).toBe('token-refused');
    expect(report.observations.filter((o) => o.verdict === 'observed')).toEqual([]);
  });

  it('an invalid second token is not read as owner-only access', async () => {
    const report = await runAgainstMock({}, undefined, { target: { otherToken: 'not-a-token' } });
    const auth = report.observations.find((o) => o.id === 'auth-get-video');
    expect(auth).toMatchObject({ verdict: 'not-observed' });
    expect(auth?.evidence).toContain('the second token is refused by create too');
  });
});

describe('a ready word the suite does not know', () => {
  it('"live" is observed (video-states: other, with the word), never failed', async () => {
    const report = await runAgainstMock(
      {},
      statusAs((s) => (s === 'ready' ? 'live' : s)),
      {
        readyTimeoutMs: 1500,
      },
    );
    expect(failures(report)).toEqual([]);
    const states = report.observations.find((o) => o.id === 'video-states');
    expect(states).toMatchObject({ verdict: 'observed', reading: 'other' });
    expect(states?.evidence).toContain('"live"');
    expect(skipped(report).map((c) => c.name)).toEqual([
      'an uploaded video becomes ready',
      'the client waits until the uploaded video is ready',
    ]);
    expect(skipped(report)[0]?.detail).toContain('the status settled on "live"');
    expect(report.checks.find((c) => c.name.includes('interleaved'))?.detail).toContain(
      'not waited for readiness',
    );
  });

  it('"failed" still fails the check (processing ended in failure)', async () => {
    const report = await runAgainstMock(
      {},
      statusAs((s) => (s === 'ready' ? 'failed' : s)),
      {
        readyTimeoutMs: 1000,
      },
    );
    expect(failures(report)).toContainEqual(
      expect.stringMatching(/^§3 an uploaded video becomes ready: processing ended in status "failed"/),
    );
  });
});

describe('a server that ignores uploads (ready at creation, any upload accepted)', () => {
  const ignoring = (fetch: Fetch): Fetch => {
    const ready = statusAs(() => 'ready')(fetch);
    return async (request) => {
      if (!isUpload(request)) return ready(request);
      await request.arrayBuffer();
      return new Response(null, { status: request.headers.has('authorization') ? 200 : 401 });
    };
  };

  it('fails the §4.2 refusals and the playlist of a "ready" video, and shows it was ready before its upload', async () => {
    const report = await runAgainstMock({}, ignoring);
    expect(failures(report)).toEqual([
      expect.stringMatching(
        /^§2 the HLS address of a ready video serves an HLS playlist: GET http:\/\/mock\.local\/hls\/.+: expected an HLS playlist .+ → 404 /,
      ),
      expect.stringMatching(/^§4\.2 an upload without the required file field is refused with a 4xx: /),
      expect.stringMatching(
        /^§4\.2 an upload whose body is not multipart\/form-data is refused with a 4xx: /,
      ),
      expect.stringMatching(/^§4\.2 upload to an unknown key is refused with a 4xx: /),
    ]);
    expect(report.checks.find((c) => c.name === 'an uploaded video becomes ready')?.detail).toContain(
      'it already showed ready before the upload',
    );
    const readiness = report.observations.find((o) => o.id === 'readiness-field');
    expect(readiness?.evidence).toContain('already shows ready before any upload');
  });
});

describe('unknowns that cannot be seen', () => {
  it('webhooks without a way to register a receiver are not observed; how one registers is', async () => {
    const report = await runAgainstMock({}, undefined, { registerWebhook: undefined as never });
    const hooks = report.observations.filter(
      (o) => o.id.startsWith('webhook-') && o.id !== 'webhook-registration',
    );
    expect(hooks.map((o) => o.verdict)).toEqual(Array(6).fill('not-observed'));
    // A registration that does not validate needs no receiver: the mock's default has no route.
    expect(report.observations.find((o) => o.id === 'webhook-registration')).toMatchObject({
      verdict: 'observed',
      reading: 'outside-api',
    });
    expect(failures(report)).toEqual([]);
  });

  it('video states are not observed when the record has no status field', async () => {
    const report = await runAgainstMock({ 'readiness-field': 'ready-flag' });
    expect(report.observations.find((o) => o.id === 'video-states')).toMatchObject({
      verdict: 'not-observed',
      evidence: 'states are not visible: the record shows no status field',
    });
  });
});

describe('readings that cannot be told apart are not observed', () => {
  it.each([
    ['no second token', { otherToken: undefined }],
    ['a second token equal to the first', { otherToken: 'contract-token' }],
  ])('owner-only access with %s is not observed, not "required"', async (_, target) => {
    const report = await runAgainstMock(
      { 'auth-get-video': 'owner-only', 'auth-update-custom-fields': 'owner-only' },
      undefined,
      {
        target: target as Partial<Target>,
      },
    );
    for (const id of ['auth-get-video', 'auth-update-custom-fields']) {
      const auth = report.observations.find((o) => o.id === id);
      expect(auth).toMatchObject({ verdict: 'not-observed' });
      expect(auth?.evidence).toContain('required and owner-only cannot be told apart');
    }
  });

  it('a declared 1 TiB upload the server leaves unanswered is not observed, not "no-limit"', async () => {
    const silent =
      (fetch: Fetch): Fetch =>
      async (request) =>
        request.headers.get('content-length') === String(2 ** 40)
          ? new Promise<Response>(() => {})
          : fetch(request);
    const report = await runAgainstMock({}, silent);
    const limit = report.observations.find((o) => o.id === 'file-size-limit');
    expect(limit).toMatchObject({ verdict: 'not-observed' });
    expect(limit?.evidence).toContain('a limit enforced while streaming cannot be told from no limit');
  });
});

describe('a readiness field under another name', () => {
  it('a `state` string is observed as readiness-field "other", and its words are read', async () => {
    const renamed =
      (fetch: Fetch): Fetch =>
      async (request) => {
        const response = await fetch(request);
        if (!isGet(request) || response.status !== 200) return response;
        const { status, ...video } = (await response.json()) as Record<string, unknown>;
        return json({ ...video, state: status });
      };
    const report = await runAgainstMock({}, renamed);
    const readiness = report.observations.find((o) => o.id === 'readiness-field');
    expect(readiness).toMatchObject({ verdict: 'observed', reading: 'other' });
    expect(readiness?.evidence).toContain('a state-like string field "state"');
    expect(failures(report)).toEqual([]);
  });
});
