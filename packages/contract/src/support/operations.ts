/**
 * The operations of the document, by the spec's operation ids: the method and path of each come
 * from the bundled spec and are typed by the generated `paths`, so no path is written here twice.
 */
import type { OperationId, operations, paths } from '@video-api/schema';
import { openapiDocument } from '@video-api/schema/openapi';
import type { Exchange } from './http.js';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The method and path template of operation `Id`, as the generated `paths` holds them. */
export type RouteOf<Id extends OperationId> = {
  [P in keyof paths]: {
    [M in Method]: Same<paths[P][M], operations[Id]> extends true
      ? { method: Uppercase<M>; template: P }
      : never;
  }[Method];
}[keyof paths];

/** The operations a client sends (those of `paths`; a webhook is sent by the server). */
export type PathOperation = {
  [Id in OperationId]: [RouteOf<Id>] extends [never] ? never : Id;
}[OperationId];

/** The path parameters of operation `Id` (e.g. `{ videoKey }`), none for an operation without. */
type PathParams<Id extends OperationId> = operations[Id]['parameters'] extends {
  path: infer P extends Record<string, string>;
}
  ? P
  : Record<never, never>;

/** The operations whose path names a video (`{videoKey}`). */
export type KeyedOperation = {
  [Id in PathOperation]: PathParams<Id> extends { videoKey: string } ? Id : never;
}[PathOperation];

/** One answer of an operation: the operation id that answered, and its exchange. */
export type OperationAnswer = readonly [operation: OperationId, exchange: Exchange];

/** Every operation of the bundled spec, under `paths` and `webhooks`, by its id. */
type PathItems = Record<string, Record<string, { operationId?: string; summary?: string } | undefined>>;
const SPEC_OPERATIONS = [openapiDocument.paths, openapiDocument.webhooks].flatMap((items) =>
  Object.values((items ?? {}) as PathItems).flatMap((item) => Object.values(item)),
);

/**
 * The section of the interface document that states each operation, read from the spec: the
 * `(§4.1)` its summary ends with, so a new operation brings its own.
 */
export const SECTION_OF = Object.fromEntries(
  SPEC_OPERATIONS.flatMap((operation) => {
    const section = /\(§([\d.]+)\)\s*$/.exec(operation?.summary ?? '')?.[1];
    return operation?.operationId && section ? [[operation.operationId, section]] : [];
  }),
) as Record<OperationId, string>;

const ROUTES = new Map<string, { method: string; template: string }>();
for (const [template, item] of Object.entries(openapiDocument.paths as PathItems)) {
  for (const [method, operation] of Object.entries(item)) {
    if (typeof operation?.operationId === 'string') {
      ROUTES.set(operation.operationId, { method: method.toUpperCase(), template });
    }
  }
}

/** The method and path template of `id`, from the bundled spec. */
export function routeOf<Id extends PathOperation>(id: Id): RouteOf<Id> {
  const route = ROUTES.get(id);
  if (!route)
    throw new Error(
      `the bundled spec has no operation "${id}" (its operations: ${[...ROUTES.keys()].join(', ')})`,
    );
  return route as RouteOf<Id>;
}

const fill = (template: string, params: Record<string, string>, encode: (value: string) => string) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => encode(params[name] ?? `{${name}}`));

/**
 * The path of a request to `id`, its parameters percent-encoded.
 *
 * @example
 * pathOf('getVideo', { videoKey: 'a b' }); // '/api/v1/videos/a%20b'
 */
export function pathOf<Id extends PathOperation>(id: Id, ...[params]: ParamsArg<Id>): string {
  return fill(routeOf(id).template, params ?? {}, encodeURIComponent);
}

/**
 * The request line a failure names, parameters as given (not encoded).
 *
 * @example
 * requestLine('getVideo', { videoKey: 'k1' }); // 'GET /api/v1/videos/k1'
 */
export function requestLine<Id extends PathOperation>(id: Id, ...[params]: ParamsArg<Id>): string {
  const { method, template } = routeOf(id);
  return `${method} ${fill(template, params ?? {}, (value) => value)}`;
}

/** No argument for an operation without path parameters, its parameters otherwise. */
type ParamsArg<Id extends PathOperation> = keyof PathParams<Id> extends never ? [] : [PathParams<Id>];
