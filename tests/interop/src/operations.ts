/**
 * The operations of a resolved document as the tests use them: method, path, the one exact success
 * status, the documented error statuses, and the request body (media type, schema, first example).
 * A document still holding a status range (`2XX`) or two success statuses is refused: resolving
 * exists to replace those.
 */
import type { MediaTypeObject, OpenApiDocument } from './types.js';

export interface Operation {
  id: string;
  method: string;
  /** OpenAPI path template, e.g. `/api/v1/videos/{videoKey}`. */
  path: string;
  success: number;
  /** 4xx and 5xx statuses with a response of their own (not `default`), ascending. */
  errors: number[];
  request?: { mediaType: string; schema: unknown; example: unknown };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** Follows a local `$ref` (`#/components/…`) once; anything else is returned as it is. */
export function deref<T>(document: OpenApiDocument, value: T): T {
  const ref = (value as { $ref?: unknown } | undefined)?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return value;
  const found = ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  if (found === undefined) throw new Error(`$ref ${ref} points at nothing in the document`);
  return found as T;
}

function firstExample(document: OpenApiDocument, media: MediaTypeObject): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  return first === undefined ? undefined : deref(document, first).value;
}

/** Every operation of `document`, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const keys = Object.keys(operation.responses);
      const successes = keys.filter((key) => key.startsWith('2'));
      if (successes.length !== 1 || !/^2\d\d$/.test(successes[0] as string)) {
        throw new Error(
          `${operation.operationId}: success responses ${successes.join(', ') || 'none'} (expected one exact 2xx status)`,
        );
      }
      const entry: Operation = {
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        success: Number(successes[0]),
        errors: keys
          .filter((key) => /^[45]\d\d$/.test(key))
          .map(Number)
          .sort((a, b) => a - b),
      };
      const [mediaType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      if (mediaType && media) {
        entry.request = {
          mediaType,
          schema: deref(document, media.schema),
          example: firstExample(document, media),
        };
      }
      operations.push(entry);
    }
  }
  return operations;
}
