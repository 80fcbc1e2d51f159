/**
 * Examples of a resolved body, named like the key examples of the operation (tools that pair
 * examples by name, as Specmatic does, then send a key the example names): the record's examples
 * of get when the body is the record (`sameAs`), else a value built from the reading's schema.
 */

import { isObject, type JsonObject } from '../json-object.js';
import { operationsOf } from './document.js';

/** The examples of get's success answer (the video record, §4.3), as they are in the document. */
function recordExamples(document: JsonObject): JsonObject | undefined {
  const get = operationsOf(document).find(({ operationId }) => operationId === 'getVideo');
  for (const [status, response] of Object.entries((get?.operation.responses ?? {}) as JsonObject)) {
    if (!/^2/.test(status) || !isObject(response) || !isObject(response.content)) continue;
    const json = response.content['application/json'];
    if (isObject(json) && isObject(json.examples)) return structuredClone(json.examples);
  }
  return undefined;
}

/**
 * A value of a schema of the meaning subset: its first example, else its required members, each a
 * plain value of its type.
 */
export function sampleOf(schema: unknown): unknown {
  if (!isObject(schema)) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const plain: Record<string, unknown> = {
    string: 'v-0001',
    integer: 0,
    number: 0,
    boolean: true,
    array: [],
  };
  if (type !== 'object') return plain[String(type)] ?? null;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.fromEntries(required.map((name) => [name, sampleOf(properties[name])]));
}

/** Examples for a body whose schema a reading gives (`schema`), or the record's (`sameAs`). */
export function bodyExamples(
  document: JsonObject,
  sameAs: string | undefined,
  schema: unknown,
): JsonObject | undefined {
  const record = sameAs === '/components/schemas/Video' ? recordExamples(document) : undefined;
  if (record !== undefined) return record;
  const names = Object.keys(recordExamples(document) ?? { example: null });
  return isObject(schema) ? { [names[0] ?? 'example']: { value: sampleOf(schema) } } : undefined;
}
