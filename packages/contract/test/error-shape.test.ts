/** error-shape is observed by validating the error body against each reading's schema in the spec. */
import { describe, expect, it } from 'vitest';
import { errorShapeOf } from '../src/probes/responses.js';
import type { Exchange } from '../src/support/http.js';

const exchange = (contentType: string, json: unknown): Exchange => ({
  method: 'POST',
  url: 'http://x/api/v1/videos',
  status: 400,
  headers: new Headers({ 'content-type': contentType }),
  contentType,
  text: JSON.stringify(json),
  json,
});

describe('errorShapeOf', () => {
  // [what, content type, body, reading]
  const table: Array<[string, string, unknown, string]> = [
    [
      'problem details',
      'application/problem+json',
      { type: 'about:blank', title: 'Bad', status: 400, detail: 'd' },
      'problem-json',
    ],
    [
      'problem details with a charset',
      'application/problem+json; charset=utf-8',
      { title: 'Bad', status: 400 },
      'problem-json',
    ],
    [
      'problem details sent as JSON',
      'application/json',
      { title: 'Bad', status: 400, detail: 'd' },
      'problem-json',
    ],
    ['a message object', 'application/json', { message: 'Bad', errors: [] }, 'message-object'],
    ['an error object', 'application/json', { error: { code: 'bad', message: 'Bad' } }, 'error-object'],
    [
      'an error object with a numeric code',
      'application/json',
      { error: { code: 400, message: 'Bad' } },
      'error-object',
    ],
    [
      'a body matching two readings: the media type decides',
      'application/json',
      { title: 'Bad', status: 400, message: 'Bad' },
      'message-object',
    ],
    [
      'the same body as problem+json',
      'application/problem+json',
      { title: 'Bad', status: 400, message: 'Bad' },
      'problem-json',
    ],
    [
      'problem+json with a detail only (RFC 9457 makes every member optional)',
      'application/problem+json',
      { detail: 'd' },
      'problem-json',
    ],
    ['problem+json naming none of its members', 'application/problem+json', { reason: 'd' }, 'other'],
    ['an error member without code', 'application/json', { error: { message: 'Bad' } }, 'other'],
    ['a string', 'text/plain', undefined, 'other'],
    ['an array', 'application/json', [{ message: 'Bad' }], 'other'],
  ];
  it.each(table)('%s is %s', (_what, contentType, body, reading) => {
    expect(errorShapeOf(exchange(contentType, body))).toBe(reading);
  });
});
