/** The zod schemas of reading bodies accept what each reading's JSON Schema describes, and no other shape. */
import { describe, expect, it } from 'vitest';
import { readingsOf } from '../src/unspecified.js';
import { readingSchemas } from '../src/zod.js';

const bodies = {
  'problem-json': {
    type: 'urn:x:not-found',
    title: 'Not found',
    status: 404,
    detail: 'No video "v"',
    extra: 1,
  },
  'message-object': { message: 'No video "v"', errors: [] },
  'error-object': { error: { code: 'not-found', message: 'No video "v"' } },
} as const;

describe('reading schemas', () => {
  it('has a schema for each reading of error-shape', () => {
    expect(Object.keys(readingSchemas['error-shape'])).toEqual(readingsOf('error-shape'));
  });

  // [reading of the body, reading of the schema]
  const pairs = readingsOf('error-shape').flatMap((body) =>
    readingsOf('error-shape').map((schema) => [body, schema] as const),
  );
  // Problem details require no member (RFC 9457): every object whose members have their types is
  // one; the media type (application/problem+json) tells it from the others.
  it.each(pairs)(
    'a %s body matches the %s schema only when they are the same reading (or problem-json, which requires nothing)',
    (body, schema) => {
      const expected = body === schema || schema === 'problem-json';
      expect(readingSchemas['error-shape'][schema].safeParse(bodies[body]).success).toBe(expected);
    },
  );

  it('accepts a problem with a detail only', () => {
    expect(readingSchemas['error-shape']['problem-json'].safeParse({ detail: 'x' }).success).toBe(true);
  });

  // [what, reading, body]
  const refused: Array<[string, 'problem-json' | 'error-object', unknown]> = [
    ['a status that is not an integer', 'problem-json', { title: 'x', status: 404.5 }],
    ['a title that is not a string', 'problem-json', { title: 404 }],
    ['an error code that is a boolean', 'error-object', { error: { code: true, message: 'x' } }],
    ['an error without code', 'error-object', { error: { message: 'x' } }],
  ];
  it.each(refused)('refuses %s', (_what, reading, body) => {
    expect(readingSchemas['error-shape'][reading].safeParse(body).success).toBe(false);
  });

  it('accepts a numeric error code', () => {
    expect(
      readingSchemas['error-shape']['error-object'].safeParse({ error: { code: 404, message: 'x' } }).success,
    ).toBe(true);
  });
});
