import { describe, expect, it } from 'vitest';
import { errorFromParts, errorFromResponse } from '../src/http/response-error.js';
import {
  AuthError,
  HttpError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  ValidationError,
  VideoApiError,
} from '../src/index.js';

describe('errorFromParts', () => {
  it.each([
    [400, ValidationError],
    [401, AuthError],
    [403, AuthError],
    [404, NotFoundError],
    [409, HttpError],
    [413, HttpError],
    [422, ValidationError],
    [429, RateLimitedError],
    [500, ServerError],
    [503, ServerError],
  ])('maps %i to %o', (status, type) => {
    const error = errorFromParts(status, new Headers(), '', 'getVideo');
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(VideoApiError);
    expect(error.status).toBe(status);
  });

  it.each([
    [
      'problem+json',
      { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'title is required' },
      'title is required',
    ],
    ['a message object', { message: 'title is required' }, 'title is required'],
    ['an error object', { error: { code: 'bad', message: 'title is required' } }, 'title is required'],
    ['an error string', { error: 'title is required' }, 'title is required'],
  ])('takes the detail of %s into the message', (_, body, detail) => {
    const error = errorFromParts(400, new Headers(), JSON.stringify(body), 'createVideos', 'Bad Request');
    expect(error.message).toBe(`createVideos failed: 400 Bad Request: ${detail}`);
    expect(error.body).toEqual(body);
    expect(error.rawBody).toBe(JSON.stringify(body));
  });

  it('keeps a body that is not JSON as raw text, with no parsed body', () => {
    const error = errorFromParts(502, new Headers(), '<html>Bad gateway</html>', 'getVideo');
    expect(error.rawBody).toBe('<html>Bad gateway</html>');
    expect(error.body).toBeUndefined();
    expect(error.message).toContain('<html>Bad gateway</html>');
  });

  it('reports an empty body as such', () => {
    const error = errorFromParts(500, new Headers(), '', 'getVideo');
    expect(error.message).toBe('getVideo failed: 500: empty response body');
    expect(error.rawBody).toBe('');
  });

  it('reads Retry-After into a rate-limit error', () => {
    const error = errorFromParts(429, new Headers({ 'Retry-After': '7' }), '', 'getVideo');
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(7000);
    expect(error.headers?.get('retry-after')).toBe('7');
  });
});

describe('errorFromResponse', () => {
  it('reads status, headers and body of a response', async () => {
    const response = new Response('{"detail":"no video v-9"}', {
      status: 404,
      headers: { 'x-trace': 'abc' },
    });
    const error = await errorFromResponse(response, 'getVideo');
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.headers?.get('x-trace')).toBe('abc');
    expect(error.body).toEqual({ detail: 'no video v-9' });
    expect(error.operation).toBe('getVideo');
  });
});
