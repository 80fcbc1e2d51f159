/**
 * Dressing generated requests: every case gets an Authorization header (mostly right), sometimes
 * an X-Mock-Reading header, and a Content-Type; its expectation holds only for the plain variant.
 */
import fc from 'fast-check';
import { TOKEN } from '../support/http.js';
import type { BodySpec, Expectation, FuzzCase, MultipartSpec } from './types.js';
import { authHeader, readingHeader } from './values.js';

/** A generated body with its label and expectation. */
export type Gen = [label: string, body: BodySpec, expect: Expectation];
export type FormGen = [label: string, form: MultipartSpec, expect: Expectation];

export type Parts = Omit<FuzzCase, 'headers' | 'expect'> & {
  headers: Record<string, string>;
  /** What the case expects when sent with a right token, JSON type and no reading header. */
  expect: Expectation;
};

/** Adds auth, reading and content-type headers; the expectation holds only for the plain variant. */
export function dress(
  parts: fc.Arbitrary<Parts>,
  contentType?: fc.Arbitrary<string>,
): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(parts, authHeader, readingHeader, contentType ?? fc.constant(''))
    .map(([p, auth, reading, type]) => {
      const headers: Record<string, string> = { ...auth, ...reading, ...p.headers };
      if (type !== '') headers['content-type'] = type;
      const plain =
        auth.authorization === `Bearer ${TOKEN}` &&
        reading['x-mock-reading'] === undefined &&
        (contentType === undefined || type === 'application/json');
      return { ...p, headers, expect: plain ? p.expect : 'any' };
    });
}
