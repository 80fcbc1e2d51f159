/**
 * Every `x-unspecified` marker of a resolved document keeps its place and says the reading chosen
 * for it and where the choice came from, so that nothing in the document passes for documented fact.
 */

import { isObject } from '../json-object.js';
import type { Chosen } from './choices.js';

/** The marker with `chosen` added when the unknown has a chosen reading. */
function markWith(marker: unknown, chosen: Chosen): unknown {
  if (!isObject(marker) || typeof marker.id !== 'string') return marker;
  const choice = chosen.get(marker.id);
  if (choice === undefined) return marker;
  const { reading, from, evidence } = choice;
  return { ...marker, chosen: { reading, from, ...(evidence ? { evidence } : {}) } };
}

/** Adds `chosen` to every marker in the document (in place). */
export function markChoices(node: unknown, chosen: Chosen): void {
  if (Array.isArray(node)) {
    for (const item of node) markChoices(item, chosen);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'x-unspecified') {
      node[key] = Array.isArray(value) ? value.map((m) => markWith(m, chosen)) : markWith(value, chosen);
    } else {
      markChoices(value, chosen);
    }
  }
}
