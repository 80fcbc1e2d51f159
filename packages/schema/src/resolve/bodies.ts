/**
 * Bodies the document leaves open (`*∕*`), resolved to what the chosen reading produces: the error
 * shape (§7) as `components.schemas.Error` under its media type, the upload's answer (§4.2), the
 * webhook's payload (§6).
 */

import { isObject, type JsonObject } from '../json-object.js';
import type { Chosen, ChosenReading } from './choices.js';
import { addResolved, meaningFor, nodeAt, pointerOf, resolvedFrom } from './document.js';
import { bodyExamples } from './examples.js';

/** The content of a body a reading produces: its media type and schema; none when it produces no body. */
function contentOf(choice: ChosenReading, schema: unknown): JsonObject | undefined {
  const meaning = meaningFor(choice);
  if (meaning.schema === false) return undefined;
  return { [meaning.mediaType ?? 'application/json']: { schema } };
}

/**
 * The error shape: `components.schemas.Error` and the content of `components.responses.Error`.
 * With `jsonAlias`, a media type other than `application/json` (problem+json) is followed by
 * `application/json` with the same schema: generators that keep only `application/json` bodies
 * would type every error as void.
 */
function resolveErrorShape(document: JsonObject, choice: ChosenReading, jsonAlias: boolean): void {
  const components = document.components as JsonObject;
  const schemas = components.schemas as JsonObject;
  const meaning = meaningFor(choice);
  if (!meaning.schema) return;
  schemas.Error = { ...meaning.schema, 'x-resolved': [resolvedFrom(choice)] };
  const response = (components.responses as JsonObject).Error as JsonObject;
  const content = contentOf(choice, { $ref: '#/components/schemas/Error' });
  if (jsonAlias && content && !('application/json' in content)) {
    content['application/json'] = { schema: { $ref: '#/components/schemas/Error' } };
  }
  response.content = content;
  response['x-resolved'] = [resolvedFrom(choice)];
}

/**
 * A response or request body whose content a reading decides: the body is replaced by its schema,
 * with examples when `document` is given (a response, paired by name with the key's examples). Its
 * description already says the reading (the marker's `describedIn`, descriptions.ts).
 */
function resolveBody(body: JsonObject | undefined, choice: ChosenReading, document?: JsonObject): void {
  if (body === undefined) return;
  const { sameAs, schema } = meaningFor(choice);
  const content = contentOf(choice, sameAs ? { $ref: `#${sameAs}` } : schema);
  const examples = document ? bodyExamples(document, sameAs, schema) : undefined;
  for (const media of Object.values(content ?? {})) if (examples) (media as JsonObject).examples = examples;
  if (content === undefined) delete body.content;
  else body.content = content;
  addResolved(body, [choice]); // its description says the reading (descriptions.ts)
}

/**
 * The `state` members of a resolved webhook payload (§6) take the words of the chosen
 * `video-states` reading (§3): the payload names a video's state, in the words the record uses.
 */
function stateWordsIn(schema: unknown, states: ChosenReading | undefined): void {
  const words = states ? meaningFor(states).words : undefined;
  if (!states || !words || !isObject(schema) || !isObject(schema.properties)) return;
  for (const [name, member] of Object.entries(schema.properties)) {
    if (name === 'state' && isObject(member)) {
      schema.properties[name] = { ...member, enum: [...words], 'x-resolved': [resolvedFrom(states)] };
    } else stateWordsIn(member, states);
  }
}

/** Resolves every open body the chosen readings decide (`jsonAlias`: see resolveErrorShape). */
export function resolveBodies(document: JsonObject, chosen: Chosen, jsonAlias = false): void {
  const shape = chosen.get('error-shape');
  if (shape) resolveErrorShape(document, shape, jsonAlias);
  const upload = chosen.get('upload-response-body');
  if (upload) resolveBody(nodeAt(document, pointerOf(upload.id)), upload, document);
  const webhook = chosen.get('webhook-payload');
  if (!webhook) return;
  const body = nodeAt(document, `${pointerOf(webhook.id)}/requestBody`);
  resolveBody(body, webhook);
  for (const media of Object.values(isObject(body?.content) ? body.content : {})) {
    if (!isObject(media)) continue;
    media.schema = structuredClone(media.schema); // the reading's schema in the registry stays as it is
    stateWordsIn(media.schema, chosen.get('video-states'));
  }
}
