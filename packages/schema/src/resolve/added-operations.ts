/**
 * The operations a chosen reading adds to the API (its `operation` meaning), such as the webhook
 * registration of `webhook-registration: api-endpoint` (§6 shows none): the path, method, security,
 * JSON request and answer bodies and success status the meaning gives, and one response per status
 * with which the chosen readings of its `refusedAs` unknowns refuse a request, with the error body.
 * A reading without it adds nothing.
 */

import type { JsonObject } from '../json-object.js';
import type { Chosen } from './choices.js';
import { meaningFor, resolvedFrom, sentenceOf } from './document.js';
import { refusalResponse, refusalsAmong } from './operations.js';

/** Adds to `paths` the operation of every chosen reading whose meaning gives one, marked with it. */
export function resolveAddedOperations(document: JsonObject, chosen: Chosen): void {
  const errorContent = ((document.components as JsonObject).responses as JsonObject).Error as JsonObject;
  const paths = document.paths as JsonObject;
  for (const choice of chosen.values()) {
    const added = meaningFor(choice).operation;
    if (added === undefined) continue;
    const responses: JsonObject = {
      [String(added.status)]: {
        description: `${sentenceOf(choice)} (${choice.id}: ${choice.reading})`,
        content: { 'application/json': { schema: structuredClone(added.answer) } },
      },
    };
    for (const [status, { by, headers }] of refusalsAmong(
      added.refusedAs.flatMap((id) => chosen.get(id) ?? []),
      () => true,
    )) {
      responses[String(status)] = refusalResponse(status, by, headers, errorContent.content);
    }
    const item = (paths[added.path] as JsonObject | undefined) ?? {};
    item[added.method] = {
      operationId: added.operationId,
      summary: added.summary,
      description: sentenceOf(choice),
      security: [{ [added.security]: [] }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: structuredClone(added.request) } },
      },
      responses,
      'x-resolved': [resolvedFrom(choice)],
    };
    paths[added.path] = item;
  }
}
