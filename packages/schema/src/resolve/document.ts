/** Walking an OpenAPI document: its operations, and the meaning and sentence of a chosen reading. */
import { isObject, type JsonObject } from '../json-object.js';
import { type ReadingMeaning, type UnspecifiedMarker, unspecified } from '../unspecified.js';
import type { ChosenReading } from './choices.js';

/** One operation of the document's paths, with where it sits. */
export interface OperationAt {
  path: string;
  method: string;
  operationId: string;
  operation: JsonObject;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The operations under `paths` (webhooks are not called by clients), in document order. */
export function operationsOf(document: JsonObject): OperationAt[] {
  const paths = isObject(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    isObject(item)
      ? METHODS.flatMap((method) => {
          const operation = item[method];
          if (!isObject(operation) || typeof operation.operationId !== 'string') return [];
          return [{ path, method, operationId: operation.operationId, operation }];
        })
      : [],
  );
}

/** The meaning the spec gives a chosen reading (an empty one when it gives none). */
export function meaningFor(choice: ChosenReading): ReadingMeaning {
  return (unspecified[choice.id] as UnspecifiedMarker).meaning?.[choice.reading] ?? {};
}

/** The sentence of a chosen reading in the spec. */
export function sentenceOf(choice: ChosenReading): string {
  return (unspecified[choice.id] as UnspecifiedMarker).readings?.[choice.reading] ?? '';
}

/** What a resolved node says it came from: the unknown, the reading, and where the choice came from. */
export interface ResolvedFrom {
  id: string;
  reading: string;
  from: ChosenReading['from'];
}

/** `{ id, reading, from }` of a choice, as resolved nodes list it under `x-resolved`. */
export const resolvedFrom = ({ id, reading, from }: ChosenReading): ResolvedFrom => ({ id, reading, from });

/** Adds the choices to a node's `x-resolved`, each once. */
export function addResolved(node: JsonObject, choices: readonly ChosenReading[]): void {
  const list = Array.isArray(node['x-resolved']) ? (node['x-resolved'] as ResolvedFrom[]) : [];
  const fresh = choices
    .map(resolvedFrom)
    .filter((added) => !list.some((had) => had.id === added.id && had.reading === added.reading));
  node['x-resolved'] = [...list, ...fresh];
}

/** The node at a JSON Pointer of the document, or undefined. */
export function nodeAt(document: JsonObject, pointer: string): JsonObject | undefined {
  let node: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return isObject(node) ? node : undefined;
}

/** The JSON Pointer of the marker of unknown `id` in the spec. */
export const pointerOf = (id: string): string =>
  (unspecified[id as keyof typeof unspecified] as UnspecifiedMarker).pointer;
