/**
 * The mock's own errors (a bad `X-Mock-*` header) surface as `MockError`, told by the `X-Mock-Error`
 * response header before any status-based class: never as the API's own `ValidationError`.
 */
import { createApp } from '@video-api/mock-server/node';
import { describe, expect, it } from 'vitest';
import { errorFromResponse } from '../src/http/response-error.js';
import { createVideoApiClient, HttpError, MockError, ValidationError, VideoApiError } from '../src/index.js';

/** An answer in the mock's error contract (apps/mock-server: http/mock-error.ts), made by hand. */
function mockAnswer(code: string, status = 400): Response {
  const body = {
    type: `urn:video-api-mock:problem:${code}`,
    title: 'Bad X-Mock-Reading header',
    status,
    detail: 'header X-Mock-Reading: unknown id "no-such-unknown"',
    code,
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json', 'x-mock-error': code },
  });
}

describe('MockError', () => {
  it('is what an answer marked X-Mock-Error becomes, with its code, status, headers and body', async () => {
    const error = await errorFromResponse(mockAnswer('mock-header'), 'getVideo');
    expect(error).toBeInstanceOf(MockError);
    expect(error).toBeInstanceOf(VideoApiError);
    expect(error).not.toBeInstanceOf(ValidationError);
    expect(error.name).toBe('MockError');
    expect((error as MockError).code).toBe('mock-header');
    expect(error.status).toBe(400);
    expect(error.headers?.get('content-type')).toBe('application/problem+json');
    expect(error.body).toMatchObject({ type: 'urn:video-api-mock:problem:mock-header', code: 'mock-header' });
    expect(error.message).toBe('getVideo failed: 400: header X-Mock-Reading: unknown id "no-such-unknown"');
  });

  it.each([400, 401, 404, 422, 429, 503])('is chosen before the mapping by status (%i)', async (status) => {
    const error = await errorFromResponse(mockAnswer('sandbox-name', status), 'createVideos');
    expect(error).toBeInstanceOf(MockError);
    expect((error as MockError).code).toBe('sandbox-name');
  });

  it('is not chosen without the header, whatever the body says', async () => {
    const answer = mockAnswer('mock-header');
    const bare = new Response(await answer.text(), { status: 400 });
    expect(await errorFromResponse(bare, 'getVideo')).toBeInstanceOf(ValidationError);
  });

  it('is an HttpError (an answer came), so a create refused by the mock is not ambiguous', async () => {
    const client = createVideoApiClient({
      baseUrl: 'http://mock.test',
      fetch: async () => mockAnswer('mock-header'),
    });
    const error = await client.getVideo('v-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as MockError).attempts).toBe(1); // a 400 of the mock is not retried
  });

  it("is what the mock answers to an unknown reading in the client's headers", async () => {
    const app = createApp({ realTimeClock: false });
    try {
      const client = createVideoApiClient({
        baseUrl: 'http://mock.test',
        token: 'mock-token',
        headers: { 'X-Mock-Reading': 'no-such-unknown=x' },
        fetch: async (request) => app.fetch(request),
      });
      const error = await client
        .createVideos({ projectKey: 'demo', videos: [{ title: 't' }] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MockError);
      expect((error as MockError).code).toBe('mock-header');
      expect((error as MockError).status).toBe(400);
      expect((error as MockError).message).toContain('no-such-unknown');
      expect((await app.mock.journal()).filter((entry) => entry.operationId === 'createVideos')).toHaveLength(
        1,
      );
    } finally {
      await app.mock.close();
    }
  });
});
