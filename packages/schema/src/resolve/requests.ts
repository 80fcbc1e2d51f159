/**
 * What a chosen reading says of the request its marker's operation receives (§6: the webhook's
 * delivery): the HTTP method it comes with (`method` meaning: the operation moves under that method
 * of its path item), and the headers it carries (`headers` meaning: each becomes a required header
 * parameter described by the reading's sentence).
 */

import { isObject, type JsonObject } from '../json-object.js';
import type { Chosen, ChosenReading } from './choices.js';
import { meaningFor, nodeAt, pointerOf, resolvedFrom, sentenceOf } from './document.js';

/** The path item and the method an operation pointer names (`…/videoReadiness/post`). */
function split(pointer: string): { item: string; method: string } {
  const at = pointer.lastIndexOf('/');
  return { item: pointer.slice(0, at), method: pointer.slice(at + 1) };
}

/** Adds one required header parameter per header the reading names (a parameter of that name is replaced). */
function addHeaders(operation: JsonObject, choice: ChosenReading, headers: readonly string[]): void {
  const named = new Set(headers.map((name) => name.toLowerCase()));
  const kept = (Array.isArray(operation.parameters) ? operation.parameters : []).filter(
    (parameter) =>
      !(isObject(parameter) && parameter.in === 'header' && named.has(String(parameter.name).toLowerCase())),
  );
  const added = headers.map((name) => ({
    name,
    in: 'header',
    required: true,
    description: `${sentenceOf(choice)} (${choice.id}: ${choice.reading})`,
    schema: { type: 'string' },
    'x-resolved': [resolvedFrom(choice)],
  }));
  if (kept.length + added.length > 0) operation.parameters = [...kept, ...added];
}

/**
 * Puts the headers each chosen reading names on its operation, then moves each operation whose
 * reading gives a method under that method. Runs after everything that finds an operation by its
 * marker's pointer (the pointer names the method of the honest document).
 */
export function resolveRequests(document: JsonObject, chosen: Chosen): void {
  for (const choice of chosen.values()) {
    const { headers } = meaningFor(choice);
    const operation = nodeAt(document, pointerOf(choice.id));
    if (headers !== undefined && operation !== undefined) addHeaders(operation, choice, headers);
  }
  for (const choice of chosen.values()) {
    const { method } = meaningFor(choice);
    if (method === undefined) continue;
    const { item: itemPointer, method: from } = split(pointerOf(choice.id));
    const item = nodeAt(document, itemPointer);
    const operation = item?.[from];
    if (!item || !isObject(operation)) continue;
    operation['x-resolved'] = [...((operation['x-resolved'] as unknown[]) ?? []), resolvedFrom(choice)];
    if (method === from) continue;
    delete item[from];
    item[method] = operation;
  }
}
