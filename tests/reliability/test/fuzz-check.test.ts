import { describe, expect, it } from 'vitest';
import { checkResponse } from '../src/fuzz/check.js';
import { rawProblem } from '../src/fuzz/raw-run.js';
import type { FuzzCase } from '../src/fuzz/types.js';

const base: FuzzCase = {
  label: 't',
  method: 'GET',
  path: '/',
  headers: {},
  body: { kind: 'none' },
  expect: 'any',
};
const problem = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 400,
    headers: { 'content-type': 'application/problem+json' },
  });

describe('the fuzz checks', () => {
  it.each([
    [
      'a 5xx',
      base,
      new Response('{"title":"x"}', { status: 500, headers: { 'content-type': 'application/json' } }),
      /server error 500/,
    ],
    [
      'an error that is not JSON',
      base,
      new Response('oops', { status: 400, headers: { 'content-type': 'text/plain' } }),
      /not JSON/,
    ],
    ['an error without a message', base, problem({ status: 400 }), /without a message/],
    ['a stack trace', base, problem({ detail: 'boom\n    at run (/srv/app.ts:10:5)' }), /stack trace/],
    [
      'a failed success',
      { ...base, expect: 'success' as const },
      problem({ detail: 'no' }),
      /expected success/,
    ],
    [
      'a success where a 4xx was due',
      { ...base, expect: 'client-error' as const },
      new Response('{}'),
      /expected a 4xx/,
    ],
  ])('flag %s', async (_name, c, response, pattern) => {
    expect((await checkResponse(c, response)).problem).toMatch(pattern);
  });

  it.each([
    ['problem+json', { title: 'Not found', detail: 'No video has the key "v".' }],
    ['message-object', { message: 'No video has the key "v".' }],
    ['error-object', { error: { code: 'not-found', message: 'No video has the key "v".' } }],
  ])('accept an error in the %s shape', async (_name, body) => {
    expect((await checkResponse(base, problem(body))).problem).toBeUndefined();
  });

  it.each([
    [
      'no answer to an app case',
      { label: 'x', chunks: [], expect: 'app' as const },
      undefined,
      '',
      /no response/,
    ],
    ['a 5xx from the parser', { label: 'x', chunks: [], expect: 'http' as const }, 505, '', /server error/],
    ['a plain-text app error', { label: 'x', chunks: [], expect: 'app' as const }, 400, 'Bad', /not JSON/],
  ])('flag %s on a raw socket', (_name, c, status, body, pattern) => {
    expect(rawProblem(c, status, body)).toMatch(pattern);
  });
});
