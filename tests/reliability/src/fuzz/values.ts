/**
 * Building blocks of the fuzz: hostile strings, keys, field values, headers and reading choices,
 * as fast-check arbitraries. The readings come from the generated registry, never hand-written.
 */
import { idsWithReadings, readingsOf } from '@video-api/schema';
import fc from 'fast-check';
import { TOKEN } from '../support/http.js';

/** Strings a careless server trips on: markup, header-breaking characters, lone surrogates, NUL. */
export const nastyStrings = [
  '',
  ' ',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'line\r\nX-Injected: 1',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '🎬🎥',
  'e\u0301',
  '\u202eevil',
  '%00',
  `$${'{'}jndi:ldap://x}`,
  "'; DROP TABLE videos; --",
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(10_000),
];

/** Any text: unicode graphemes, raw code points, or one of the nasty strings. */
export const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...nastyStrings) },
);

/** Video keys: existing ones, unknown ones, and keys shaped like paths. */
export function keyArb(existing: readonly string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...existing) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'v-9999',
        '../../etc/passwd',
        '..',
        '.',
        'a/b',
        '..\\..\\x',
        'v-0001\u0000',
        ' ',
      ),
    },
    { weight: 1, arbitrary: text.filter((key) => key !== '') },
  );
}

/** Values of the five JSON forms of §2, valid. */
export const validFieldValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2999-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
  fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { maxLength: 5 }),
);

/** Values a write refuses whatever the readings: objects, nested arrays, arrays of non-strings (null is left to custom-field-null). */
export const invalidFieldValue = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { minKeys: 0, maxKeys: 3 }),
  fc.array(fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)), { minLength: 1, maxLength: 3 }),
  fc.array(fc.array(fc.string(), { minLength: 1 }), { minLength: 1, maxLength: 2 }),
);

/** The Authorization header: mostly right, sometimes missing or wrong. */
export const authHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Record<string, string>>({ authorization: `Bearer ${TOKEN}` }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Record<string, string>>(
      {},
      { authorization: '' },
      { authorization: 'Bearer' },
      { authorization: 'Basic bW9jay10b2tlbjo=' },
      { authorization: 'Bearer wrong' },
      { authorization: `bearer ${TOKEN}` },
      { authorization: `Bearer ${TOKEN} extra` },
    ),
  },
);

/** An `X-Mock-Reading` header: valid readings from the registry, or garbage (answered 400). */
export const readingHeader = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Record<string, string>>({}) },
  {
    weight: 2,
    arbitrary: fc
      .subarray([...idsWithReadings], { minLength: 1, maxLength: 4 })
      .chain((ids) =>
        fc.tuple(...ids.map((id) => fc.constantFrom(...readingsOf(id)).map((r) => `${id}=${r}`))),
      )
      .map((pairs) => ({ 'x-mock-reading': pairs.join(', ') })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('nonsense', 'status-codes=maybe', '=', ',,,', 'error-shape=problem-json,x')
      .map((value) => ({ 'x-mock-reading': value })),
  },
);

/** JSON media types, right and wrong. */
export const jsonContentType = fc.oneof(
  { weight: 5, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      'text/plain',
      'application/xml',
      'APPLICATION/JSON',
      'application/json; charset=utf-8',
      'application/vnd.api+json',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ),
  },
);
