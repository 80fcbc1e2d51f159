/**
 * The video record of get and update (§4.3) resolved: the members the chosen `readiness-field`
 * reading adds, and under a status string, the words of the chosen `video-states` reading (§3).
 */
import type { Chosen } from './choices.js';
import { isObject, type JsonObject, meaningFor, operationsOf, resolvedFrom } from './document.js';

/** The member of `readiness-field: status-string` that carries a `video-states` word. */
const STATE_MEMBER = 'status';

/** An example value of a member a reading adds: the ready word of an enum, true for a flag. */
function exampleOf(schema: unknown): unknown {
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum.includes('ready') ? 'ready' : schema.enum[0];
  return schema.type === 'boolean' ? true : schema.type === 'string' ? 'ready' : undefined;
}

/** The examples of the video record in the responses of get and update (§4.3), followed through `$ref`. */
function recordExamples(document: JsonObject): JsonObject[] {
  const examples = (document.components as JsonObject).examples as JsonObject;
  const found = new Set<JsonObject>();
  for (const { operationId, operation } of operationsOf(document)) {
    if (operationId !== 'getVideo' && operationId !== 'updateCustomFields') continue;
    for (const response of Object.values(operation.responses as JsonObject)) {
      const json = (response as { content?: Record<string, { examples?: JsonObject }> }).content?.[
        'application/json'
      ];
      for (const example of Object.values(json?.examples ?? {})) {
        const ref = (example as { $ref?: string }).$ref;
        const target = ref ? examples[ref.replace('#/components/examples/', '')] : example;
        if (isObject(target) && isObject(target.value)) found.add(target.value);
      }
    }
  }
  return [...found];
}

/** Adds the readiness members to `components.schemas.Video`, and to the record's examples. */
export function resolveRecord(document: JsonObject, chosen: Chosen): void {
  const readiness = chosen.get('readiness-field');
  const video = ((document.components as JsonObject).schemas as JsonObject).Video as JsonObject | undefined;
  const added = readiness ? meaningFor(readiness).schema : undefined;
  if (!readiness || !video || !isObject(added)) return;
  const properties = { ...(video.properties as JsonObject), ...((added.properties as JsonObject) ?? {}) };
  const resolved = [resolvedFrom(readiness)];
  const states = chosen.get('video-states');
  const words = states ? meaningFor(states).words : undefined;
  if (states && words && isObject(properties[STATE_MEMBER])) {
    properties[STATE_MEMBER] = { ...(properties[STATE_MEMBER] as JsonObject), enum: [...words] };
    resolved.push(resolvedFrom(states));
  }
  video.properties = properties;
  video.required = [
    ...new Set([...((video.required as string[]) ?? []), ...((added.required as string[]) ?? [])]),
  ];
  video['x-resolved'] = resolved;
  for (const value of recordExamples(document)) {
    for (const name of (added.required as string[]) ?? []) value[name] ??= exampleOf(properties[name]);
  }
}
