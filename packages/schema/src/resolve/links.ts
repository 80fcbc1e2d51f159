/**
 * The links of the create answer resolved (§4.1, §2): the key of its first element is the key of a
 * created video; which requested video that is, the `order` meaning of `create-answer-order` says.
 * Each link says so and lists the reading under `x-resolved`.
 */

import { isObject, type JsonObject } from '../json-object.js';
import type { Chosen } from './choices.js';
import { meaningFor, operationsOf, resolvedFrom } from './document.js';

/** Which requested video the first element of the answer is, per `order`. */
const FIRST_ELEMENT = {
  kept: 'the first video of the request',
  reversed: 'the last video of the request',
  any: 'one of the videos of the request (match it by title)',
} as const;

/** Says in each link of create's answer which requested video `$response.body#/0/key` names. */
export function resolveLinks(document: JsonObject, chosen: Chosen): void {
  const order = chosen.get('create-answer-order');
  const which = order ? meaningFor(order).order : undefined;
  if (order === undefined || which === undefined) return;
  const create = operationsOf(document).find(({ operationId }) => operationId === 'createVideos');
  for (const response of Object.values((create?.operation.responses ?? {}) as JsonObject)) {
    const links = isObject(response) && isObject(response.links) ? response.links : {};
    for (const link of Object.values(links)) {
      if (!isObject(link)) continue;
      link.description = `${String(link.description ?? '')} Resolved: the first element is ${FIRST_ELEMENT[which]}.`;
      link['x-resolved'] = [resolvedFrom(order)];
    }
  }
}
