/** Probes read what they see, and say "not observed" when they cannot see. */
import { listenHttp, refusedUrl } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';
import { sendDeclaredLength } from '../src/probes/declared-length.js';
import { classifyDelivery } from '../src/probes/webhook-readings.js';
import type { Target } from '../src/support/types.js';
import { observation, prepareMock, runAgainstMock } from './helpers.js';

const delivery = (json: Record<string, unknown>, id?: string) => ({
  method: 'POST',
  headers: id ? { 'webhook-id': id } : {},
  body: JSON.stringify(json),
  json,
  receivedAt: 0,
});
/** The mock's video-record payload: the event and the record, no time. */
const record = (state: string) =>
  delivery({ event: `video.${state}`, video: { videoKey: 'k', status: state } });
const envelope = (state: string, at: string, id: string) =>
  delivery({ id, type: `video.${state}`, createdAt: at, data: { videoKey: 'k' } });

describe('webhook-delivery', () => {
  it.each([
    [
      'video-record payloads out of a video order',
      ['ready', 'processing', 'uploading', 'created', 'uploaded'].map(record),
      'reordered',
    ],
    ['video-record payloads in order', ['created', 'processing', 'ready'].map(record), 'once-in-order'],
    [
      'envelopes whose times go backwards',
      [envelope('processing', '2026-01-01T00:00:02Z', 'a'), envelope('created', '2026-01-01T00:00:01Z', 'b')],
      'reordered',
    ],
    [
      'envelopes in time order',
      [envelope('created', '2026-01-01T00:00:01Z', 'a'), envelope('ready', '2026-01-01T00:00:02Z', 'b')],
      'once-in-order',
    ],
    [
      'the same id twice',
      [envelope('ready', '2026-01-01T00:00:01Z', 'a'), envelope('ready', '2026-01-01T00:00:01Z', 'a')],
      'duplicates',
    ],
  ])('%s', (_what, deliveries, reading) => {
    expect(classifyDelivery(deliveries)).toMatchObject({ reading });
  });

  it('a single delivery: order cannot be seen', () => {
    expect(classifyDelivery([record('ready')])).toEqual({
      notObserved: 'a single delivery (video.ready): neither order nor duplicates can be seen',
    });
  });
});

describe('the declared-length upload (file-size-limit)', () => {
  it('goes through the target fetch, so an in-process app (no socket) answers it', async () => {
    const prepared = await prepareMock({ 'file-size-limit': 'rejects-413' });
    // As the README shows it: an app's fetch, and a base URL no socket could reach.
    const { baseUrl, uploadBaseUrl, token, projectKey, fetch: appFetch } = prepared.target;
    const target: Target = { baseUrl, uploadBaseUrl, token, projectKey, fetch: appFetch };
    try {
      const created = await target.fetch(
        new Request(`${target.baseUrl}/api/v1/videos`, {
          method: 'POST',
          headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ projectKey: 'p', videos: [{ title: 't' }] }),
        }),
      );
      const [{ key }] = (await created.json()) as [{ key: string }];
      const url = `${target.baseUrl}/api/upload/v1/form-data/videos/${key}`;
      expect(target.baseUrl).toBe('http://mock.local'); // no such host: only the app can answer
      expect(await sendDeclaredLength(target, url, 2 ** 40, 3000)).toMatchObject({ status: 413 });
    } finally {
      await prepared.close();
    }
  });

  it('a refused connection is unreachable, not a server without a limit', async () => {
    const url = await refusedUrl();
    const target = { token: 't', fetch: (r: Request) => fetch(r) } as Target;
    expect(await sendDeclaredLength(target, `${url}/up`, 2 ** 40, 1000)).toMatchObject({
      failure: 'unreachable',
    });
  });

  it('a connection closed without an answer is told apart from one the server holds open', async () => {
    const server = await listenHttp((req) => req.socket.destroy());
    const url = `${server.url}/up`;
    const target = { token: 't', fetch: (r: Request) => fetch(r) } as Target;
    try {
      expect(await sendDeclaredLength(target, url, 2 ** 40, 1000)).toMatchObject({ failure: 'closed' });
    } finally {
      await server.close();
    }
  });
});

describe('video-transitions', () => {
  it('a refusal that comes once the fresh video is ready tells nothing: not observed, not rejected', async () => {
    // Every upload reaches the mock 100 ms late: processing (40 ms) is over before the second arrives.
    const late: (fetch: Target['fetch']) => Target['fetch'] = (fetch) => async (request) => {
      if (request.method === 'POST' && request.url.includes('/form-data/videos/')) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return fetch(request);
    };
    const report = await runAgainstMock({ 'video-transitions': 'reupload-rejected' }, late);
    const seen = observation(report, 'video-transitions');
    expect(seen?.verdict).toBe('not-observed');
    expect(seen?.evidence).toContain('the video was ready by the time its second upload was refused');
  });
});
