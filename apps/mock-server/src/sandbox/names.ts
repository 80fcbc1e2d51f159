/**
 * How a request names its sandbox: the path prefix `/sandboxes/{name}/…` (works for any HTTP tool
 * and for video players, which cannot add headers) or the header `X-Mock-Sandbox: {name}`; and
 * what a sandbox name may be. A bad name is the mock's own error (src/http/mock-error.ts).
 */
import type { HttpError } from '../http/errors.js';
import { mockError } from '../http/mock-error.js';

/** The request header that names a sandbox (lower case, as headers are read). */
export const SANDBOX_HEADER = 'x-mock-sandbox';
/** The path under which each sandbox is served: `/sandboxes/{name}/…`. */
export const SANDBOXES_PATH = '/sandboxes';
/** What a sandbox name is: a letter or digit, then up to 63 letters, digits, `_`, `.` or `-`. */
export const SANDBOX_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const NAME_RULE =
  'a letter or digit, then up to 63 letters, digits, "_", "." or "-" ([A-Za-z0-9][A-Za-z0-9_.-]{0,63})';

/** The sandbox a request names, and the prefix of its path when the path names it. */
export interface SandboxTarget {
  name: string;
  /** `/sandboxes/{name}` when the path names the sandbox; undefined when only the header does. */
  prefix: string | undefined;
}

/** `name`, or the mock's own error: `where` says where it was read, `code` which error it is. */
export function checkSandboxName(name: string, where: string, code: 'sandbox-name' | 'mock-header'): string {
  if (SANDBOX_NAME.test(name)) return name;
  const shown = JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
  throw sandboxNameError(code, `${where}: ${shown} is not a sandbox name (accepted: ${NAME_RULE}).`);
}

function sandboxNameError(code: 'sandbox-name' | 'mock-header', detail: string): HttpError {
  return mockError(code, code === 'mock-header' ? 'Bad X-Mock-Sandbox header' : 'Bad sandbox name', detail);
}

/** Whether `path` is under `/sandboxes` (and so names a sandbox, or names one badly). */
export function isSandboxPath(path: string): boolean {
  return (
    path.startsWith(SANDBOXES_PATH) &&
    (path.length === SANDBOXES_PATH.length || path[SANDBOXES_PATH.length] === '/')
  );
}

/**
 * The sandbox `path` (raw, as sent) and the `X-Mock-Sandbox` header name, or undefined when neither
 * does. Throws the mock's own error for a bad name, or for a header that names another sandbox
 * than the path.
 *
 * @example
 * sandboxOf('/sandboxes/w1/api/v1/videos', undefined); // { name: 'w1', prefix: '/sandboxes/w1' }
 * sandboxOf('/api/v1/videos', 'w2'); // { name: 'w2', prefix: undefined }
 */
export function sandboxOf(path: string, header: string | undefined): SandboxTarget | undefined {
  if (isSandboxPath(path)) {
    const end = path.indexOf('/', SANDBOXES_PATH.length + 1);
    const segment = path.slice(SANDBOXES_PATH.length + 1, end < 0 ? undefined : end);
    const name = checkSandboxName(segment, `the path ${SANDBOXES_PATH}/{name}/…`, 'sandbox-name');
    if (header !== undefined && header !== name) {
      throw sandboxNameError(
        'mock-header',
        `header X-Mock-Sandbox: "${header}" names another sandbox than the path (${SANDBOXES_PATH}/${name}/…); send one of them, or both naming the same sandbox.`,
      );
    }
    return { name, prefix: `${SANDBOXES_PATH}/${name}` };
  }
  if (header === undefined) return undefined;
  return { name: checkSandboxName(header, 'header X-Mock-Sandbox', 'mock-header'), prefix: undefined };
}
