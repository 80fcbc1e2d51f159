/**
 * The routes of the mock in one place: the interface's operations (paths, methods and operation
 * ids read from the bundled spec), the playback routes beside them, and the admin prefix.
 */
import { openapiDocument } from '@video-api/schema/openapi';

/** The prefix of the mock's admin API: never part of the interface, never faulted. */
export const ADMIN_PREFIX = '/__mock';

/** Whether `path` is under the admin prefix. */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** One operation: its method, its path in the spec and in Hono's syntax, and a matcher of request paths. */
export interface Operation {
  operationId: string;
  method: string;
  /** As the spec writes it: `/api/v1/videos/{videoKey}`. */
  specPath: string;
  /** As Hono routes it: `/api/v1/videos/:videoKey`. */
  route: string;
  pattern: RegExp;
}

function patternOf(specPath: string): RegExp {
  const source = specPath
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}/?$`);
}

type PathItem = Partial<Record<(typeof METHODS)[number], { operationId?: string }>>;

/** The interface's operations, from the spec (§4.1–§4.4). */
export const SPEC_OPERATIONS: readonly Operation[] = Object.entries(
  openapiDocument.paths as Record<string, PathItem>,
).flatMap(([specPath, item]) =>
  METHODS.flatMap((method) => {
    const operationId = item[method]?.operationId;
    if (operationId === undefined) return [];
    const route = specPath.replace(/\{([^}]+)\}/g, ':$1');
    return [{ operationId, method: method.toUpperCase(), specPath, route, pattern: patternOf(specPath) }];
  }),
);

/** The operation ids of the interface. */
export type SpecOperationId = 'createVideos' | 'uploadVideoSource' | 'getVideo' | 'updateCustomFields';

/** The spec's operation `operationId` (throws when the spec has no such operation). */
export function specOperation(operationId: SpecOperationId): Operation {
  const operation = SPEC_OPERATIONS.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`the spec has no operation ${operationId}`);
  return operation;
}

/** A route the pipeline names by its operationId: method and a matcher of request paths. */
type Named = Pick<Operation, 'operationId' | 'method' | 'pattern'>;

/**
 * Playback (§2): the HLS playlists and segments under `/hls/<videoKey>/`, named for the journal
 * and for fault rules (src/playback/routes.ts routes them).
 */
export const PLAYBACK_OPERATIONS: readonly Named[] = [
  { operationId: 'getHlsPlaylist', method: 'GET', pattern: /^\/hls\/[^/]+\/playlist\.m3u8$/ },
  { operationId: 'getHlsMediaPlaylist', method: 'GET', pattern: /^\/hls\/[^/]+\/[^/]+\/playlist\.m3u8$/ },
  { operationId: 'getHlsSegment', method: 'GET', pattern: /^\/hls\/[^/]+\/[^/]+\/[^/]+\.ts$/ },
];

const OPERATIONS: readonly Named[] = [...SPEC_OPERATIONS, ...PLAYBACK_OPERATIONS];
const SPEC_IDS: ReadonlySet<string> = new Set(SPEC_OPERATIONS.map((operation) => operation.operationId));

/** Whether `operationId` is one of the interface's operations. */
export function isSpecOperation(operationId: string | undefined): boolean {
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
