/**
 * 405 for a path of the interface asked with a method it does not have (RFC 9110 §15.5.6), with
 * the methods it has in `Allow` (from the spec, through ./operations.ts).
 */
import { HttpError } from './errors.js';
import { allowedMethods } from './operations.js';

/**
 * The 405 for `method path` when the spec has `path` under other methods; undefined when the path
 * is not one of the interface's (a plain 404 then).
 *
 * @example
 * methodNotAllowed('DELETE', '/api/v1/videos/v-0001')?.headers; // { allow: 'GET, HEAD, OPTIONS' }
 */
export function methodNotAllowed(method: string, path: string): HttpError | undefined {
  const methods = allowedMethods(path);
  if (!methods || methods.includes(method.toUpperCase())) return undefined;
  const allow = methods.join(', ');
  return new HttpError(405, {
    code: 'method-not-allowed',
    title: 'Method not allowed',
    detail: `${path} does not take ${method}; it takes ${allow}.`,
    headers: { allow },
  });
}
