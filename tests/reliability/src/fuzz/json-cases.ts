/**
 * JSON bodies for create (§4.1) and custom fields (§4.4): valid, wrong types, odd entries, invalid
 * values, extra members, and bodies that are not JSON or too big or too deep.
 */
import fc from 'fast-check';
import type { Gen } from './dress.js';
import { invalidFieldValue, text, validFieldValue } from './values.js';

const createEntry = fc.record(
  { title: text, tags: fc.array(text, { maxLength: 4 }) },
  { requiredKeys: ['title'] },
);

export const createBody: fc.Arbitrary<Gen> = fc.oneof(
  fc
    .record({ projectKey: text, videos: fc.array(createEntry, { minLength: 1, maxLength: 4 }) })
    .map((value): Gen => ['create: valid', { kind: 'json', value }, 'success']),
  // An empty videos: refused or answered [] (create-empty-videos), never a 5xx.
  text.map(
    (projectKey): Gen => ['create: empty videos', { kind: 'json', value: { projectKey, videos: [] } }, 'any'],
  ),
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

export const putBody: fc.Arbitrary<Gen> = fc.oneof(
  fields.map(
    (simpleCustomFields): Gen =>
      // The mock refuses the name __proto__ (it cannot be held as a plain JavaScript field).
      Object.hasOwn(simpleCustomFields, '__proto__')
        ? ['put: __proto__ name', { kind: 'json', value: { simpleCustomFields } }, 'client-error']
        : ['put: valid', { kind: 'json', value: { simpleCustomFields } }, 'any'],
  ),
  // A null value: refused or removing the field (custom-field-null), never a 5xx.
  fc
    .tuple(fields, text)
    .map(
      ([valid, name]): Gen => [
        'put: null value',
        { kind: 'json', value: { simpleCustomFields: { ...valid, [name]: null } } },
        'any',
      ],
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
export const brokenJson: fc.Arbitrary<Gen> = fc.oneof(
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
