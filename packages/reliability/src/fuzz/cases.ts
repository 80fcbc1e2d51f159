/**
 * The fuzz cases: valid, boundary and invalid requests over every operation (§4.1–§4.4), plus odd
 * methods and paths. Each case says what it expects; every case must get no 5xx and, when it is an
 * error, a JSON body with a message.
 */
import fc from 'fast-check';
import { paths } from '../support/http.js';
import type { BodySpec, Expectation, FuzzCase, MultipartPart, MultipartSpec } from './types.js';
import {
  authHeader,
  invalidFieldValue,
  jsonContentType,
  keyArb,
  readingHeader,
  text,
  validFieldValue,
} from './values.js';

/** A generated body with its label and expectation. */
type Gen = [label: string, body: BodySpec, expect: Expectation];
type FormGen = [label: string, form: MultipartSpec, expect: Expectation];

type Parts = Omit<FuzzCase, 'headers' | 'expect'> & {
  headers: Record<string, string>;
  /** What the case expects when sent with a right token, JSON type and no reading header. */
  expect: Expectation;
};

/** Adds auth, reading and content-type headers; the expectation holds only for the plain variant. */
function dress(parts: fc.Arbitrary<Parts>, contentType?: fc.Arbitrary<string>): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(parts, authHeader, readingHeader, contentType ?? fc.constant(''))
    .map(([p, auth, reading, type]) => {
      const headers: Record<string, string> = { ...auth, ...reading, ...p.headers };
      if (type !== '') headers['content-type'] = type;
      const plain =
        auth.authorization !== undefined &&
        auth.authorization === 'Bearer mock-token' &&
        reading['x-mock-reading'] === undefined &&
        (contentType === undefined || type === 'application/json');
      return { ...p, headers, expect: plain ? p.expect : 'any' };
    });
}

const createEntry = fc.record(
  { title: text, tags: fc.array(text, { maxLength: 4 }) },
  { requiredKeys: ['title'] },
);

const createBody: fc.Arbitrary<Gen> = fc.oneof(
  fc
    .record({ projectKey: text, videos: fc.array(createEntry, { maxLength: 4 }) })
    .map((value): Gen => ['create: valid', { kind: 'json', value }, 'success']),
  fc
    .record({
      projectKey: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string())),
      videos: fc.array(createEntry),
    })
    .map((value): Gen => ['create: wrong type', { kind: 'json', value }, 'client-error']),
  fc
    .record({
      projectKey: text,
      videos: fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 3 }),
    })
    .map((value): Gen => ['create: odd entries', { kind: 'json', value }, 'any']),
  fc.jsonValue({ maxDepth: 4 }).map((value): Gen => ['create: any JSON', { kind: 'json', value }, 'any']),
  fc.constant<Gen>(['create: missing videos', { kind: 'json', value: { projectKey: 'p' } }, 'client-error']),
);

const fields = fc.dictionary(text, validFieldValue, { maxKeys: 6 });

const putBody: fc.Arbitrary<Gen> = fc.oneof(
  fields.map(
    (simpleCustomFields): Gen => ['put: valid', { kind: 'json', value: { simpleCustomFields } }, 'any'],
  ),
  fc
    .tuple(fields, text, invalidFieldValue)
    .map(
      ([valid, name, bad]): Gen => [
        'put: invalid value',
        { kind: 'json', value: { simpleCustomFields: { ...valid, [name]: bad } } },
        'client-error',
      ],
    ),
  fc
    .tuple(
      fields,
      fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== 'simpleCustomFields'),
    )
    .map(
      ([simpleCustomFields, extra]): Gen => [
        'put: extra member',
        { kind: 'json', value: { simpleCustomFields, [extra]: 1 } },
        'client-error',
      ],
    ),
  fc.jsonValue({ maxDepth: 4 }).map((value): Gen => ['put: any JSON', { kind: 'json', value }, 'any']),
);

/** Bodies that are not JSON at all, or JSON too big or too deep. */
const brokenJson: fc.Arbitrary<Gen> = fc.oneof(
  fc
    .string({ maxLength: 60 })
    .map((t): Gen => ['json: text', { kind: 'text', text: `{"projectKey":${t}` }, 'client-error']),
  fc
    .array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 })
    .map(
      (bytes): Gen => [
        'json: raw bytes',
        { kind: 'bytes', bytes: [0xc3, 0x28, 0xff, ...bytes] },
        'client-error',
      ],
    ),
  fc
    .integer({ min: 1_100_000, max: 1_300_000 })
    .map((bytes): Gen => ['json: huge', { kind: 'huge-json', bytes }, 'client-error']),
  fc
    .tuple(fc.integer({ min: 500, max: 20_000 }), fc.constantFrom<'array' | 'object'>('array', 'object'))
    .map(([depth, shape]): Gen => ['json: deep', { kind: 'deep-json', depth, shape }, 'client-error']),
  fc.constant<Gen>(['json: empty', { kind: 'none' }, 'client-error']),
);

const partArb: fc.Arbitrary<MultipartPart> = fc.record(
  {
    name: fc.oneof(fc.constant('file'), fc.constantFrom('files', 'File', 'upload', ''), text),
    filename: fc.oneof(fc.constant('clip.mp4'), text, fc.constantFrom('../../x.mp4', 'a"b.mp4', 'c:\\x.mp4')),
    contentType: fc.constantFrom('video/mp4', 'application/octet-stream', 'text/plain', ''),
    content: fc.string({ unit: 'binary', maxLength: 300 }),
  },
  { requiredKeys: ['name', 'content'] },
);

const multipart: fc.Arbitrary<FormGen> = fc.oneof(
  fc
    .tuple(
      fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 180 }),
      fc.constantFrom('----b1', 'xYz', 'a'.repeat(70)),
    )
    .map(
      ([content, boundary]): FormGen => [
        'upload: valid',
        {
          boundary,
          announced: boundary,
          unterminated: false,
          keep: 1,
          parts: [{ name: 'file', filename: 'clip.mp4', contentType: 'video/mp4', content }],
        },
        'success',
      ],
    ),
  fc
    .record({
      boundary: fc.constantFrom('----b1', 'q', 'with space', '"quoted"'),
      announced: fc.oneof(
        fc.constant<string | null>(null),
        fc.constantFrom('----b1', 'other', '', 'x'.repeat(200)),
      ),
      parts: fc.array(partArb, { maxLength: 4 }),
      unterminated: fc.boolean(),
      keep: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
    })
    .map((form): FormGen => ['upload: malformed', form, 'any']),
  fc
    .array(
      partArb.filter((p) => p.name !== 'file'),
      { maxLength: 3 },
    )
    .map(
      (parts): FormGen => [
        'upload: no file part',
        { boundary: 'b', announced: 'b', unterminated: false, keep: 1, parts },
        'client-error',
      ],
    ),
  fc.array(fc.string({ maxLength: 50 }), { minLength: 2, maxLength: 4 }).map(
    (contents): FormGen => [
      'upload: duplicate file parts',
      {
        boundary: 'b',
        announced: 'b',
        unterminated: false,
        keep: 1,
        parts: contents.map((content) => ({ name: 'file', filename: 'a.mp4', content })),
      },
      'success',
    ],
  ),
);

function uploadCase(keys: readonly string[]): fc.Arbitrary<FuzzCase> {
  const parts = fc.tuple(keyArb(keys), multipart).map(
    ([key, [label, form, expect]]): Parts => ({
      label,
      method: 'POST',
      path: paths.upload(key),
      headers: {
        'content-type':
          form.announced === null ? 'multipart/form-data' : `multipart/form-data; boundary=${form.announced}`,
      },
      body: { kind: 'multipart', form },
      expect: keys.includes(key) ? expect : 'client-error',
    }),
  );
  const wrongType = fc.tuple(keyArb(keys), jsonContentType, text).map(
    ([key, type, body]): Parts => ({
      label: 'upload: not multipart',
      method: 'POST',
      path: paths.upload(key),
      headers: type === '' ? {} : { 'content-type': type },
      body: { kind: 'text', text: body },
      expect: 'client-error',
    }),
  );
  return dress(fc.oneof({ weight: 4, arbitrary: parts }, { weight: 1, arbitrary: wrongType }));
}

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
