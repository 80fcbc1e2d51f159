/**
 * The routes of the mock in one place: the interface's operations keyed by the spec's operation ids
 * (`OperationId` of `@video-api/schema`; path and method from the generated `paths` and the bundled
 * spec), the playback routes beside them, and the admin prefix. An operation added to the spec
 * fails the type check where the mock must handle it (`OperationTable`).
 */
import type { OperationId, PathOf, PathOperationId } from '@video-api/schema';
import { openapiDocument } from '@video-api/schema/openapi';

/** The prefix of the mock's admin API: never part of the interface, never faulted. */
export const ADMIN_PREFIX = '/__mock';

/** Whether `path` is under the admin prefix. */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
type Method = (typeof METHODS)[number];

/** The path of the generated `paths` under which operation `Id` sits; never for a webhook. */
type SpecPathOf<Id extends OperationId> = PathOf<Id>;

/** The ids of the operations the mock routes (§4.1–§4.4): those the spec puts under a path. */
export type RoutedOperationId = PathOperationId;

/**
 * One entry per operation of the spec: `Routed` for an operation under a path, `Sent` for a
 * webhook (which the mock sends rather than routes).
 *
 * @example
 * const handlers: OperationTable<RouteHandler, 'webhooks'> = { createVideos: …, videoReadinessWebhook: 'webhooks' };
 */
export type OperationTable<Routed, Sent> = {
  readonly [Id in OperationId]: [SpecPathOf<Id>] extends [never] ? Sent : Routed;
};

/**
 * One operation: its method, its path in the spec and in Hono's syntax, and a matcher of request
 * paths (a union over the operations when `Id` is).
 */
export type Operation<Id extends RoutedOperationId = RoutedOperationId> = Id extends RoutedOperationId
  ? {
      operationId: Id;
      method: string;
      /** As the spec writes it: `/api/v1/videos/{videoKey}`. */
      specPath: SpecPathOf<Id>;
      /** As Hono routes it: `/api/v1/videos/:videoKey`. */
      route: string;
      pattern: RegExp;
    }
  : never;

function patternOf(specPath: string): RegExp {
  const source = specPath
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}/?$`);
}

type PathItem = Partial<Record<Method, { operationId?: string }>>;

/** The interface's operations, from the bundled spec (§4.1–§4.4), in its order. */
export const SPEC_OPERATIONS = Object.entries(openapiDocument.paths as Record<string, PathItem>).flatMap(
  ([specPath, item]) =>
    METHODS.flatMap((method) => {
      const operationId = item[method]?.operationId;
      if (operationId === undefined) return [];
      const route = specPath.replace(/\{([^}]+)\}/g, ':$1');
      return [{ operationId, method: method.toUpperCase(), specPath, route, pattern: patternOf(specPath) }];
    }),
) as unknown as readonly Operation[];

/** The spec's operation `operationId`. */
export function specOperation<Id extends RoutedOperationId>(operationId: Id): Operation<Id> {
  const operation = SPEC_OPERATIONS.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`the spec has no operation ${operationId}`); // the generated types and document disagree
  return operation as Operation<Id>;
}

/** A route the pipeline names by its operationId: method and a matcher of request paths. */
interface Named {
  operationId: string;
  method: string;
  pattern: RegExp;
}

/**
 * Playback (§2): the HLS playlists and segments under `/hls/<videoKey>/`, named for the journal
 * and for fault rules (src/playback/routes.ts routes them).
 */
const PLAYBACK_OPERATIONS: readonly Named[] = [
  { operationId: 'getHlsPlaylist', method: 'GET', pattern: /^\/hls\/[^/]+\/playlist\.m3u8$/ },
  { operationId: 'getHlsMediaPlaylist', method: 'GET', pattern: /^\/hls\/[^/]+\/[^/]+\/playlist\.m3u8$/ },
  { operationId: 'getHlsSegment', method: 'GET', pattern: /^\/hls\/[^/]+\/[^/]+\/[^/]+\.ts$/ },
];

const OPERATIONS: readonly Named[] = [...SPEC_OPERATIONS, ...PLAYBACK_OPERATIONS];
const SPEC_IDS: ReadonlySet<string> = new Set(SPEC_OPERATIONS.map((operation) => operation.operationId));

/** Whether `operationId` is one of the interface's operations. */
export function isSpecOperation(operationId: string | undefined): operationId is RoutedOperationId {
  return operationId !== undefined && SPEC_IDS.has(operationId);
}

/**
 * The operationId of `method path`, matched before routing so that the pipeline (faults, rate
 * limit, journal) can use it.
 *
 * @example
 * operationIdOf('PUT', '/api/v1/videos/v-0001/custom-fields'); // 'updateCustomFields'
 */
export function operationIdOf(method: string, path: string): string | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  for (const operation of OPERATIONS)
    if (operation.method === verb && operation.pattern.test(path)) return operation.operationId;
  return undefined;
}

/**
 * The methods the spec has for `path`, HEAD with GET, OPTIONS included (the mock answers it with
 * them); undefined when the path is not one of the interface's.
 *
 * @example
 * allowedMethods('/api/v1/videos/v-0001'); // ['GET', 'HEAD', 'OPTIONS']
 */
export function allowedMethods(path: string): string[] | undefined {
  if (path.endsWith('/')) return undefined; // routes are strict: `/api/v1/videos/` is no path of the interface
  const methods = SPEC_OPERATIONS.filter((operation) => operation.pattern.test(path)).map((o) => o.method);
  if (methods.length === 0) return undefined;
  if (methods.includes('GET')) methods.push('HEAD');
  return [...methods, 'OPTIONS'];
}
