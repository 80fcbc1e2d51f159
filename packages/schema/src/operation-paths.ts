/**
 * Where each operation of the spec sits under `paths`, derived from the generated types: the path
 * template of an operation, and the ids of the operations a client sends (those under a path, not
 * the webhooks the service sends).
 */
import type { operations, paths } from './generated/types.js';

type Method = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The path template under `paths` of operation `Id`; `never` for a webhook.
 *
 * @example
 * const path: PathOf<'getVideo'> = '/api/v1/videos/{videoKey}';
 */
export type PathOf<Id extends keyof operations> = {
  [P in keyof paths]: { [M in Method]: Same<paths[P][M], operations[Id]> extends true ? P : never }[Method];
}[keyof paths];

/**
 * The ids of the operations under `paths` (§4.1–§4.4): every operation id but the webhooks'.
 *
 * @example
 * const sent: PathOperationId = 'createVideos';
 */
export type PathOperationId = {
  [Id in keyof operations]: [PathOf<Id>] extends [never] ? never : Id;
}[keyof operations];
