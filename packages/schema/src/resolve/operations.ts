/**
 * The operations resolved: the exact success status (`status-codes`, §4.5) in place of `2XX`, one
 * response per status with which a chosen reading refuses a request (its `refuses` meaning), each
 * with the error body, and the auth rule of the operations whose auth is unknown (§5).
 */

import type { JsonObject } from '../json-object.js';
import type { Chosen, ChosenReading } from './choices.js';
import {
  addResolved,
  meaningFor,
  nodeAt,
  type OperationAt,
  operationsOf,
  pointerOf,
  resolvedFrom,
  sentenceOf,
} from './document.js';

/** The refusals of `choices` that `keep` accepts, grouped by status in order, with the headers they send. */
export function refusalsAmong(
  choices: Iterable<ChosenReading>,
  keep: (on: readonly string[]) => boolean,
): Array<[number, { by: ChosenReading[]; headers: Set<string> }]> {
  const byStatus = new Map<number, { by: ChosenReading[]; headers: Set<string> }>();
  for (const choice of choices) {
    for (const refusal of meaningFor(choice).refuses ?? []) {
      if (!keep(refusal.on)) continue;
      const entry = byStatus.get(refusal.status) ?? { by: [], headers: new Set<string>() };
      if (!entry.by.includes(choice)) entry.by.push(choice);
      for (const header of refusal.headers ?? []) entry.headers.add(header);
      byStatus.set(refusal.status, entry);
    }
  }
  return [...byStatus].sort(([a], [b]) => a - b);
}

/** The response of one refusal status: what refuses it, the headers, the error body. */
export function refusalResponse(
  status: number,
  by: ChosenReading[],
  headers: Set<string>,
  errorContent: unknown,
): JsonObject {
  const why = by.map((choice) => `${sentenceOf(choice)} (${choice.id}: ${choice.reading})`).join(' ');
  const response: JsonObject = { description: `Refused with ${status}. ${why}` };
  if (headers.size > 0) {
    response.headers = Object.fromEntries(
      [...headers].map((name) => [
        name,
        { description: `Sent with this ${status}.`, required: true, schema: { type: 'string' } },
      ]),
    );
  }
  if (errorContent !== undefined) response.content = structuredClone(errorContent);
  response['x-resolved'] = by.map(resolvedFrom);
  return response;
}

/**
 * The responses of one operation: the success status, the refusals in order, then `default` when
 * `keepDefault` (a catch-all beside exact statuses makes generators type every answer as a possible
 * error; without it, an answer of a status no reading gives is untyped).
 */
function resolveResponses(
  at: OperationAt,
  chosen: Chosen,
  errorContent: unknown,
  keepDefault: boolean,
): void {
  const responses = at.operation.responses as JsonObject;
  const statusCodes = chosen.get('status-codes');
  const success = statusCodes ? meaningFor(statusCodes).status?.[at.operationId] : undefined;
  const next: JsonObject = {};
  for (const [key, response] of Object.entries(responses)) {
    if (key !== '2XX' || success === undefined || statusCodes === undefined) continue;
    next[String(success)] = { ...(response as JsonObject) };
    addResolved(next[String(success)] as JsonObject, [statusCodes]);
  }
  for (const [status, { by, headers }] of refusalsAmong(chosen.values(), (on) =>
    on.includes(at.operationId),
  )) {
    next[String(status)] = refusalResponse(status, by, headers, errorContent);
  }
  for (const [key, response] of Object.entries(responses)) {
    if (key === 'default' && !keepDefault) continue;
    if (!(key === '2XX' && success !== undefined)) next[key] = response;
  }
  at.operation.responses = next;
}

/**
 * The security of an operation whose auth is unknown, per the chosen reading's `auth`: `bearer`
 * keeps the alternatives with a credential (the operation's own scheme: the API token, or the
 * webhook's secret), `optional` puts the anonymous one first and keeps those as optional, `none`
 * keeps only the anonymous one (no credential is sent).
 */
function resolveAuth(document: JsonObject, choice: ChosenReading): void {
  const auth = meaningFor(choice).auth;
  const operation = nodeAt(document, pointerOf(choice.id));
  if (auth === undefined || operation === undefined) return;
  const alternatives = Array.isArray(operation.security) ? (operation.security as JsonObject[]) : [];
  const credentials = alternatives.filter((alternative) => Object.keys(alternative).length > 0);
  const security = { bearer: credentials, optional: [{}, ...credentials], none: [{}] };
  operation.security = security[auth];
  operation['x-resolved'] = [...((operation['x-resolved'] as unknown[]) ?? []), resolvedFrom(choice)];
}

/** Resolves the responses (`default` kept only when `keepDefault`) and the security of every operation. */
export function resolveOperations(document: JsonObject, chosen: Chosen, keepDefault = false): void {
  const errorContent = ((document.components as JsonObject).responses as JsonObject).Error as JsonObject;
  for (const at of operationsOf(document)) resolveResponses(at, chosen, errorContent.content, keepDefault);
  for (const choice of chosen.values()) resolveAuth(document, choice);
}
