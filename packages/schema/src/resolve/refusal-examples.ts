/**
 * Request/answer example pairs for the refusals of the resolved document (tools that pair examples
 * by name, as Specmatic does, run a refusal only with a pair): each request a chosen reading's
 * `requests` meaning names becomes, on each operation it is `on`, an example of that name on every
 * path parameter and on the request body, and one on the answer of the refusal's status. A refusal no
 * inline request can carry gets the reason in `x-no-example` on its answer.
 */

import { isObject, type JsonObject } from '../json-object.js';
import type { Chosen, ChosenReading } from './choices.js';
import { meaningFor, nodeAt, type OperationAt, operationsOf, resolvedFrom } from './document.js';
import { sampleOf } from './examples.js';

type RefusedRequest = NonNullable<ReturnType<typeof meaningFor>['requests']>[number];

/** Whether `giver` refuses requests to `operationId`: it names it, or a chosen reading adds it refused as `giver`. */
function refusesOn(giver: ChosenReading, on: readonly string[], operationId: string, chosen: Chosen) {
  if (on.includes(operationId)) return true;
  return [...chosen.values()].some((choice) => {
    const added = meaningFor(choice).operation;
    return added?.operationId === operationId && added.refusedAs.includes(giver.id);
  });
}

/** The status with which `request` (of reading `by`) is refused on `operationId`, if it is. */
function statusOf(request: RefusedRequest, by: ChosenReading, operationId: string, chosen: Chosen) {
  const giver = request.statusOf === undefined ? by : chosen.get(request.statusOf);
  if (giver === undefined) return undefined;
  const refusals = (meaningFor(giver).refuses ?? []).filter(({ on }) =>
    refusesOn(giver, on, operationId, chosen),
  );
  return refusals.find(({ status }) => request.status === undefined || status === request.status)?.status;
}

/** The node a `$ref` (or the node itself) stands for. */
const deref = (document: JsonObject, node: unknown): JsonObject | undefined =>
  isObject(node) && typeof node.$ref === 'string'
    ? nodeAt(document, node.$ref.slice(1))
    : isObject(node)
      ? node
      : undefined;

/** The value of the first example of an examples map (its `$ref` followed). */
function firstValue(document: JsonObject, examples: unknown): unknown {
  const first = isObject(examples) ? Object.values(examples)[0] : undefined;
  return deref(document, first)?.value;
}

/** Adds example `name` with `value` to an examples-bearing node (a parameter or a media type). */
function addExample(node: JsonObject, name: string, value: unknown, by: ChosenReading[]): void {
  const examples = isObject(node.examples) ? node.examples : {};
  const summary = 'A request a reading refuses (resolved)';
  examples[name] = { summary, value: structuredClone(value), 'x-resolved': by.map(resolvedFrom) };
  node.examples = examples;
}

/** One pair: the example on the key parameters, the request body and the answer of `status`. */
function addPair(
  document: JsonObject,
  at: OperationAt,
  request: RefusedRequest,
  status: number,
  by: ChosenReading[],
) {
  const name = request.name as string;
  const parameters = Array.isArray(at.operation.parameters) ? at.operation.parameters : [];
  for (const parameter of parameters.map((p) => deref(document, p))) {
    if (parameter === undefined || parameter.in !== 'path') continue;
    const value = request.path?.[String(parameter.name)] ?? firstValue(document, parameter.examples);
    addExample(parameter, name, value, by);
  }
  const body = deref(document, at.operation.requestBody);
  for (const media of Object.values(isObject(body?.content) ? body.content : {})) {
    if (!isObject(media)) continue;
    addExample(media, name, request.body ?? firstValue(document, media.examples), by);
  }
  const answer = (at.operation.responses as JsonObject)[String(status)];
  if (!isObject(answer)) return;
  // Only under the first media type, the error shape's own (the one the server sends): tools that
  // pair examples by name (Specmatic) expect the media type of the example, and an application/json
  // alias listed after it carries none.
  const [media] = Object.values(isObject(answer.content) ? answer.content : {});
  if (!isObject(media)) return;
  // The error body's own `status` member (problem details) says the status of the answer.
  const schema = deref(document, media.schema);
  const sample = sampleOf(schema);
  const hasStatus = isObject(schema?.properties) && 'status' in schema.properties;
  const value = isObject(sample) && hasStatus ? { ...sample, status } : sample;
  addExample(media, name, value, by);
}

/** Records on the answer of `status` why no inline request carries it. */
function addReason(at: OperationAt, status: number, reason: string): void {
  const answer = (at.operation.responses as JsonObject)[String(status)];
  if (!isObject(answer)) return;
  const reasons = Array.isArray(answer['x-no-example']) ? (answer['x-no-example'] as string[]) : [];
  if (!reasons.includes(reason)) answer['x-no-example'] = [...reasons, reason];
}

/** Adds the example pairs and the reasons for every refused request of the chosen readings. */
export function resolveRefusalExamples(document: JsonObject, chosen: Chosen): void {
  for (const at of operationsOf(document)) {
    for (const by of chosen.values()) {
      for (const request of meaningFor(by).requests ?? []) {
        if (!request.on.includes(at.operationId)) continue;
        const status = statusOf(request, by, at.operationId, chosen);
        if (status === undefined) continue;
        const givers = request.statusOf ? [by, chosen.get(request.statusOf) as ChosenReading] : [by];
        if (request.none !== undefined) addReason(at, status, request.none);
        else addPair(document, at, request, status, givers);
      }
    }
  }
}
