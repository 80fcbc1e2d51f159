/**
 * 405 for a path of the interface asked with a method it does not have (RFC 9110 §15.5.6), with
 * the methods it has in `Allow`: the paths and their methods come from the spec.
 */
import { openapiDocument } from '@video-api/schema/openapi';
import { MockHttpError } from './errors.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/** Each spec path as a pattern (`{videoKey}` matches one segment) with its methods. */
const routes: { pattern: RegExp; allow: string[] }[] = Object.entries(
  openapiDocument.paths as Record<string, Partial<Record<(typeof METHODS)[number], unknown>>>,
).map(([path, item]) => {
  const source = path
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  const allow = METHODS.filter((method) => item[method] !== undefined).map((method) => method.toUpperCase());
  if (allow.includes('GET') && !allow.includes('HEAD')) allow.push('HEAD');
  return { pattern: new RegExp(`^${source}$`), allow };
});

/**
 * The methods the spec has for `path`, OPTIONS included (the mock answers it with them); undefined
 * when the path is not one of the interface's.
 *
 * @example
 * allowedMethods('/api/v1/videos/v-0001'); // ['GET', 'HEAD', 'OPTIONS']
 */
export function allowedMethods(path: string): string[] | undefined {
  const route = routes.find(({ pattern }) => pattern.test(path));
  return route && [...route.allow, 'OPTIONS'];
}

/**
 * The 405 for `method path` when the spec has `path` under other methods; undefined when the path
 * is not one of the interface's (a plain 404 then).
 *
 * @example
 * methodNotAllowed('DELETE', '/api/v1/videos/v-0001')?.headers; // { allow: 'GET, HEAD, OPTIONS' }
 */
export function methodNotAllowed(method: string, path: string): MockHttpError | undefined {
  const methods = allowedMethods(path);
  if (!methods || methods.includes(method.toUpperCase())) return undefined;
  const allow = methods.join(', ');
  return new MockHttpError(
    405,
    'method-not-allowed',
    'Method not allowed',
    `${path} does not take ${method}; it takes ${allow}.`,
    [],
    { allow },
  );
}
