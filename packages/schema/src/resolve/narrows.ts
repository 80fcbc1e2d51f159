/**
 * The schemas narrowed (or widened) as the chosen readings say: each reading's `narrows` meaning
 * sets JSON Schema keywords on schema nodes (`minItems` under `create-empty-videos: rejected`, no
 * null under `custom-field-null: rejected`, the limits of `field-length-limits: limited`, …), and
 * each node it touches lists the reading under `x-resolved`.
 */

import type { JsonObject } from '../json-object.js';
import type { Chosen } from './choices.js';
import { meaningFor, nodeAt, resolvedFrom } from './document.js';

/** Applies every chosen reading's narrowings to the document (in place). */
export function resolveNarrows(document: JsonObject, chosen: Chosen): void {
  for (const choice of chosen.values()) {
    for (const { at, set } of meaningFor(choice).narrows ?? []) {
      const node = nodeAt(document, at);
      if (node === undefined)
        throw new Error(`${choice.id}: ${choice.reading} narrows ${at}, which is not in the document`);
      Object.assign(node, structuredClone(set));
      node['x-resolved'] = [...((node['x-resolved'] as unknown[]) ?? []), resolvedFrom(choice)];
    }
  }
}
