import { zCreateVideosRequest, zUpdateCustomFieldsRequest } from '@video-api/schema/zod';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokenJson, createBody, putBody } from '../src/fuzz/json-cases.js';
import type { BodySpec } from '../src/fuzz/types.js';

// The fuzz's labels must mean what they say: a "valid" body is one the generated schema accepts,
// a "wrong type" or "invalid value" body one it refuses.
const jsonOf = (body: BodySpec) => (body.kind === 'json' ? body.value : undefined);
const schemaFor = { create: zCreateVideosRequest, put: zUpdateCustomFieldsRequest } as const;

describe('the fuzz generators, checked against the generated zod schemas', () => {
  const generators = { create: createBody, put: putBody } as const;

  it.each([
    ['create: valid', true],
    ['create: wrong type', false],
    ['create: missing videos', false],
    // "one or more" videos (§4.1): the schema refuses an empty list; the mock may still take one
    // under create-empty-videos=accepted-empty (the fuzz expects any answer but a 5xx)
    ['create: empty videos', false],
    ['put: valid', true],
    ['put: invalid value', false],
    ['put: extra member', false],
    ['put: null value', true],
  ] as const)('bodies labelled "%s" are accepted by the schema: %s', (label, accepted) => {
    const operation = label.startsWith('create') ? 'create' : 'put';
    const samples = fc
      .sample(generators[operation], { seed: 3, numRuns: 2000 })
      .filter(([l]) => l === label)
      // A field named "__proto__" fools the zod record (see README, findings).
      .filter(([, body]) => !JSON.stringify(jsonOf(body)).includes('"__proto__"'));
    expect(samples.length).toBeGreaterThan(20);
    for (const [, body] of samples) {
      expect(schemaFor[operation].safeParse(jsonOf(body)).success, JSON.stringify(jsonOf(body))).toBe(
        accepted,
      );
    }
  });

  it('makes broken JSON bodies that JSON.parse refuses or that exceed the 1 MiB bound', () => {
    for (const [label, body] of fc.sample(brokenJson, { seed: 4, numRuns: 300 })) {
      if (body.kind === 'huge-json') expect(body.bytes).toBeGreaterThan(1024 * 1024);
      else if (body.kind === 'text') expect(() => JSON.parse(body.text), label).toThrow();
      else expect(['bytes', 'deep-json', 'none']).toContain(body.kind);
    }
  });
});
