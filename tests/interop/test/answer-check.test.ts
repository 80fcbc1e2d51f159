/** The checker of the property test catches answers the resolved document does not list. */
import { resolveSpec } from '@video-api/schema/resolve';
import { describe, expect, it } from 'vitest';
import { answerProblems } from '../src/answer-check.js';
import { schemaCheck } from '../src/schema-check.js';
import type { OpenApiDocument } from '../src/types.js';

const document = resolveSpec({ readings: { 'rate-limits': '429-retry-after' } })
  .document as unknown as OpenApiDocument;
const check = schemaCheck(document);
const get = { path: '/api/v1/videos/{videoKey}', method: 'get' };
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers({ 'content-type': 'application/json', ...headers }),
  text: JSON.stringify(body),
});
const record = { videoKey: 'v-1', simpleCustomFields: {}, status: 'ready' };
const problem = { type: 'about:blank', title: 'Too many requests', status: 429 };

describe('answerProblems', () => {
  it('passes an answer the document lists', () => {
    expect(answerProblems(document, check, get, answer(200, record))).toEqual([]);
  });
  it.each([
    ['a status not listed', answer(418, record), 'status 418 is not listed'],
    [
      'a body that misses a required member',
      answer(200, { simpleCustomFields: {} }),
      "must have required property 'videoKey'",
    ],
    [
      'a value of no listed form',
      answer(200, { ...record, simpleCustomFields: { x: null } }),
      'simpleCustomFields/x',
    ],
    [
      'another media type',
      answer(429, problem, { 'retry-after': '1' }),
      'media type "application/json" is not listed',
    ],
    [
      'a missing required header',
      answer(429, problem, { 'content-type': 'application/problem+json' }),
      'header Retry-After',
    ],
  ])('catches %s', (_, given, expected) => {
    expect(answerProblems(document, check, get, given).join('\n')).toContain(expected);
  });
});
