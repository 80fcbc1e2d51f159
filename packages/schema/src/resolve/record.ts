/**
 * The video record of get and update (§4.3) resolved: the members the chosen readings add (the
 * readiness field, other formats of the custom fields, §2), and under a status string, the words of
 * the chosen `video-states` reading (§3); the record's examples get those members (the other formats
 * hold the example's own fields, field-examples.ts).
 */

import { isObject, type JsonObject } from '../json-object.js';
import type { Chosen, ChosenReading } from './choices.js';
import { meaningFor, operationsOf, pointerOf, resolvedFrom } from './document.js';
import { fieldsExample } from './field-examples.js';

/** The member of `readiness-field: status-string` that carries a `video-states` word. */
const STATE_MEMBER = 'status';
/** Where the record's schema is. */
const VIDEO = '/components/schemas/Video';

/** An example value of a member a reading adds: the ready word of an enum, true for a flag, an empty object or list. */
function exampleOf(schema: unknown): unknown {
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum.includes('ready') ? 'ready' : schema.enum[0];
  const empty: Record<string, unknown> = { boolean: true, string: 'ready', object: {}, array: [] };
  return empty[String(schema.type)];
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

/** The chosen readings that add members to the record: the readiness field's, and those marked on `Video`. */
function memberAdders(chosen: Chosen): ChosenReading[] {
  return [...chosen.values()].filter(
    (choice) =>
      (choice.id === 'readiness-field' || pointerOf(choice.id) === VIDEO) &&
      isObject(meaningFor(choice).schema),
  );
}

/** Adds the members the chosen readings add to `components.schemas.Video`, and to the record's examples. */
export function resolveRecord(document: JsonObject, chosen: Chosen): void {
  const video = ((document.components as JsonObject).schemas as JsonObject).Video as JsonObject | undefined;
  const adders = memberAdders(chosen);
  if (!video || adders.length === 0) return;
  const properties = { ...(video.properties as JsonObject) };
  const required = new Set((video.required as string[]) ?? []);
  const resolved = [];
  for (const choice of adders) {
    const added = meaningFor(choice).schema as JsonObject;
    Object.assign(properties, added.properties ?? {});
    for (const name of (added.required as string[]) ?? []) required.add(name);
    resolved.push(resolvedFrom(choice));
  }
  const states = chosen.get('video-states');
  const words = states ? meaningFor(states).words : undefined;
  if (states && words && isObject(properties[STATE_MEMBER])) {
    properties[STATE_MEMBER] = { ...(properties[STATE_MEMBER] as JsonObject), enum: [...words] };
    resolved.push(resolvedFrom(states));
  }
  video.properties = properties;
  video.required = [...required];
  video['x-resolved'] = [...((video['x-resolved'] as unknown[]) ?? []), ...resolved];
  for (const value of recordExamples(document)) {
    const fields = isObject(value.simpleCustomFields) ? value.simpleCustomFields : {};
    for (const name of required) {
      const example = fieldsExample(properties[name], fields) ?? exampleOf(properties[name]);
      if (value[name] === undefined && example !== undefined) value[name] = example;
    }
  }
}
