/**
 * The fuzz cases: valid, boundary and invalid requests over every operation (§4.1–§4.4), plus odd
 * methods and paths. Each case says what it expects; every case must get no 5xx and, when it is an
 * error, a JSON body with a message.
 */
import fc from 'fast-check';
import { paths } from '../support/http.js';
import { dress, type Parts } from './dress.js';
import { brokenJson, createBody, putBody } from './json-cases.js';
import { uploadCase } from './multipart-cases.js';
import type { BodySpec, FuzzCase } from './types.js';
import { jsonContentType, keyArb } from './values.js';

/**
 * Every kind of case, given the keys of videos that exist on the target.
 *
 * @example
 * fc.sample(fuzzCase(['v-0001']), { seed: 1, numRuns: 10 });
 */
export function fuzzCase(keys: readonly string[]): fc.Arbitrary<FuzzCase> {
  const key = keyArb(keys);
  const create = dress(
    fc.oneof({ weight: 3, arbitrary: createBody }, { weight: 1, arbitrary: brokenJson }).map(
      ([label, body, expect]): Parts => ({
        label,
        method: 'POST',
        path: paths.create,
        headers: {},
        body,
        expect,
      }),
    ),
    jsonContentType,
  );
  const put = dress(
    fc.tuple(key, fc.oneof({ weight: 3, arbitrary: putBody }, { weight: 1, arbitrary: brokenJson })).map(
      ([k, [label, body, expect]]): Parts => ({
        label,
        method: 'PUT',
        path: paths.fields(k),
        headers: {},
        body,
        expect: keys.includes(k) ? (label === 'put: valid' ? 'success' : expect) : 'client-error',
      }),
    ),
    jsonContentType,
  );
  const get = dress(
    key.map(
      (k): Parts => ({
        label: 'get',
        method: 'GET',
        path: paths.get(k),
        headers: {},
        body: { kind: 'none' },
        expect: keys.includes(k) ? 'success' : 'client-error',
      }),
    ),
  );
  const odd = dress(
    fc
      .record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'PROPFIND'),
        path: fc.oneof(
          fc.constantFrom(
            '/',
            '/api',
            '/api/v1/videos',
            '/api/v1/videos/',
            '/api/v2/videos',
            '/api/v1/videos/v-0001/custom-fields/extra',
            '/api/upload/v1/form-data/videos/',
            '/api/v1/videos/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
            '/api/v1/videos/..%2F..%2Fetc',
            '/api/v1/videos/%00',
            '/api/v1/videos/%ff%fe',
            '/api/v1/videos/%',
            '/hls/v-0001/playlist.m3u8',
            '/hls/..%2F..%2Fetc%2Fpasswd/playlist.m3u8',
            '/__mock/../api/v1/videos',
            '//api//v1//videos',
            `/api/v1/videos/${'k'.repeat(8000)}`,
          ),
          fc.webPath(),
        ),
        body: fc.oneof(
          fc.constant<BodySpec>({ kind: 'none' }),
          fc.jsonValue({ maxDepth: 2 }).map((value): BodySpec => ({ kind: 'json', value })),
        ),
      })
      .map(
        ({ method, path, body }): Parts => ({
          label: `odd: ${method}`,
          method,
          path,
          headers: {},
          body: method === 'GET' || method === 'HEAD' ? { kind: 'none' } : body,
          expect: 'any',
        }),
      ),
    jsonContentType,
  );
  return fc.oneof(
    { weight: 3, arbitrary: create },
    { weight: 3, arbitrary: uploadCase(keys) },
    { weight: 2, arbitrary: get },
    { weight: 3, arbitrary: put },
    { weight: 2, arbitrary: odd },
  );
}
