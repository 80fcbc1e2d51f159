/**
 * The example of create's answer (§4.1) in the order the chosen `create-answer-order` reading gives
 * (its `order` meaning): as requested, reversed, or an order of the server's own, shown as the first
 * element moved last (for three videos or more neither the requested order nor its reverse). Each
 * element keeps its key: the keys belong to the videos, not to the places in the answer.
 */

import { isObject, type JsonObject } from '../json-object.js';
import type { Chosen } from './choices.js';
import { addResolved, meaningFor, nodeAt, operationsOf } from './document.js';

/** One permutation of the elements per `order`. */
const ORDERED = {
  kept: (elements: unknown[]) => elements,
  reversed: (elements: unknown[]) => [...elements].reverse(),
  any: ([first, ...rest]: unknown[]) => (first === undefined ? [] : [...rest, first]),
} as const;

/** Reorders the examples of create's success answer (in place, their `$ref` followed). */
export function resolveAnswerOrder(document: JsonObject, chosen: Chosen): void {
  const choice = chosen.get('create-answer-order');
  const order = choice ? meaningFor(choice).order : undefined;
  if (choice === undefined || order === undefined || order === 'kept') return;
  const create = operationsOf(document).find(({ operationId }) => operationId === 'createVideos');
  for (const [status, response] of Object.entries((create?.operation.responses ?? {}) as JsonObject)) {
    if (!/^2/.test(status) || !isObject(response) || !isObject(response.content)) continue;
    for (const media of Object.values(response.content)) {
      const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
      for (const example of Object.values(examples)) {
        const ref = isObject(example) ? example.$ref : undefined;
        const target = typeof ref === 'string' ? nodeAt(document, ref.slice(1)) : example;
        if (!isObject(target) || !Array.isArray(target.value)) continue;
        target.value = ORDERED[order](target.value);
        addResolved(target, [choice]);
      }
    }
  }
}
