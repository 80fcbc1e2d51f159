/**
 * The refusals of a resolved document carry request/answer example pairs (same name on the request
 * and on the answer, as Specmatic pairs them) built from the `requests` meaning of the chosen
 * readings, or the reason no inline request carries them (`x-no-example`), for any choice of readings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isObject, type JsonObject } from '../../src/json-object.js';
import { operationsOf } from '../../src/resolve/document.js';
import { resolveSpec } from '../../src/resolve/index.js';
import { idsWithReadings, type ReadingChoice, readingsOf } from '../../src/unspecified.js';

/** Any choice of readings: for each unknown with readings, none or one of them. */
const anyChoice: fc.Arbitrary<ReadingChoice> = fc.record(
  Object.fromEntries(idsWithReadings.map((id) => [id, fc.constantFrom(...readingsOf(id))])),
  { requiredKeys: [] },
) as fc.Arbitrary<ReadingChoice>;

const deref = (document: JsonObject, node: unknown): JsonObject => {
  if (!isObject(node) || typeof node.$ref !== 'string') return node as JsonObject;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce<JsonObject>((at, key) => at[key] as JsonObject, document);
};

/** The example names a request to the operation can send: its path parameters' and its body's. */
function requestNames(document: JsonObject, operation: JsonObject): Set<string> {
  const names = new Set<string>();
  for (const parameter of ((operation.parameters as unknown[]) ?? []).map((p) => deref(document, p))) {
    for (const name of Object.keys((parameter.examples as JsonObject) ?? {})) names.add(name);
  }
  const body = operation.requestBody as JsonObject | undefined;
  for (const media of Object.values((body?.content as JsonObject) ?? {})) {
    for (const name of Object.keys(((media as JsonObject).examples as JsonObject) ?? {})) names.add(name);
  }
  return names;
}

/** The examples of an answer, by name. */
const answerExamples = (answer: JsonObject): [string, JsonObject][] =>
  Object.values((answer.content as JsonObject) ?? {}).flatMap((media) =>
    Object.entries(((media as JsonObject).examples as JsonObject) ?? {}),
  ) as [string, JsonObject][];

describe('example pairs of the refusals', () => {
  it('every refusal answer has a pair with its provenance, or a reason, for any choice of readings', () => {
    fc.assert(
      fc.property(anyChoice, (readings) => {
        const { document } = resolveSpec({ readings });
        for (const { operationId, operation } of operationsOf(document)) {
          const names = requestNames(document, operation);
          for (const [status, answer] of Object.entries(operation.responses as JsonObject)) {
            if (!/^4\d\d$/.test(status)) continue;
            const pairs = answerExamples(answer as JsonObject);
            const reasons = (answer as JsonObject)['x-no-example'] as string[] | undefined;
            const where = `${operationId} ${status}`;
            expect(pairs.length > 0 || (reasons ?? []).length > 0, `${where}: no pair and no reason`).toBe(
              true,
            );
            for (const [name, example] of pairs) {
              expect(names.has(name), `${where}: answer example ${name} has no request`).toBe(true);
              expect(example['x-resolved'], `${where}: ${name} without provenance`).toBeDefined();
            }
            for (const reason of reasons ?? []) expect(reason).toMatch(/\w+ \w+/);
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('under the default readings: an unknown key on get is a 404 pair, an empty create a 400 pair', () => {
    const { document } = resolveSpec();
    const key = ((document.components as JsonObject).parameters as JsonObject).VideoKey as JsonObject;
    expect((key.examples as JsonObject).unknownKey).toMatchObject({ value: 'no-such-video' });
    const paths = document.paths as Record<string, Record<string, JsonObject>>;
    const get = paths['/api/v1/videos/{videoKey}']?.get as JsonObject;
    const notFound = answerExamples((get.responses as JsonObject)['404'] as JsonObject);
    expect(notFound.map(([name]) => name)).toEqual(['unknownKey']);
    const create = paths['/api/v1/videos']?.post as JsonObject;
    const body = ((create.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
    const empty = (body.examples as JsonObject).emptyVideos as JsonObject;
    expect(empty.value).toEqual({ projectKey: 'demo', videos: [] });
    expect((empty['x-resolved'] as { id: string }[]).map(({ id }) => id)).toEqual([
      'create-empty-videos',
      'error-codes',
    ]);
  });

  it('a reading that refuses nothing adds no pair: an empty create accepted has no emptyVideos', () => {
    const { document } = resolveSpec({ readings: { 'create-empty-videos': 'accepted-empty' } });
    const create = (document.paths as Record<string, Record<string, JsonObject>>)['/api/v1/videos']?.post;
    const body = (((create as JsonObject).requestBody as JsonObject).content as JsonObject)[
      'application/json'
    ] as JsonObject;
    expect(Object.keys(body.examples as JsonObject)).not.toContain('emptyVideos');
  });
});
