/**
 * The mock's `fetch`: a request that names a sandbox (path `/sandboxes/{name}/…` or header
 * `X-Mock-Sandbox`) is answered by that sandbox's instance, served under `/sandboxes/{name}` so
 * every address it answers with (playback URLs, `/openapi.json` servers, webhook payloads, a
 * relative Location) points back into the same sandbox; any other request by the default state.
 * A bad name or a sandbox too many reaches the default state's pipeline as its refusal, so the
 * mock's own error gets CORS and the journal like any answer. A sandbox's app routes the path below
 * its prefix (`pathBelowPrefix`).
 */
import type { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import type { MockEnv } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { ADMIN_PREFIX, isAdminPath } from '../http/operations.js';
import { headerOf } from '../http/request-headers.js';
import { originOf, pathnameOf } from '../http/request-url.js';
import { isSandboxPath, SANDBOX_HEADER, SANDBOXES_PATH, sandboxOf } from './names.js';
import type { Sandbox, SandboxRegistry } from './registry.js';

type Bindings = MockEnv['Bindings'];
/** Hono's `fetch`, as an app gives it. */
export type Fetch = Hono<MockEnv>['fetch'];

/** A relative Location (`/docs`) of a sandbox's answer, moved under its prefix. */
function underPrefix(response: Response, prefix: string): Response {
  if (response.status < 300 || response.status > 399) return response;
  const location = response.headers.get('location');
  if (location === null || !location.startsWith('/') || location.startsWith('//')) return response;
  const headers = new Headers(response.headers);
  headers.set('location', `${prefix}${location}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Whether `path` is one of the admin routes of sandboxes themselves (`/__mock/sandboxes…`). */
function isSandboxesAdmin(path: string): boolean {
  const routes = `${ADMIN_PREFIX}${SANDBOXES_PATH}`;
  return path === routes || path.startsWith(`${routes}/`);
}

/** The origin addresses are built on: the `servedBase` binding, else the request's (undefined for a bad Host). */
function baseOf(url: string, env: Bindings | undefined): string | undefined {
  if (env?.servedBase !== undefined) return env.servedBase;
  try {
    return originOf(url);
  } catch {
    return undefined; // the default state answers the bad Host
  }
}

/**
 * Wraps the default state's `fetch` with the dispatch to sandboxes of `registry` (whose `fetch`
 * routes below the `pathPrefix` binding). The sandboxes' own admin routes at
 * `/__mock/sandboxes` stay with the default state, whatever the header says.
 *
 * @example
 * app.fetch = sandboxDispatch(app.fetch, registry);
 */
export function sandboxDispatch<S extends Sandbox & { fetch: Fetch }>(
  fallback: Fetch,
  registry: SandboxRegistry<S>,
): Fetch {
  return (request, bindings, executionCtx) => {
    const env = bindings as Bindings | undefined;
    const url = request.url;
    const path = pathnameOf(url);
    const sandboxPath = isSandboxPath(path);
    const header = headerOf(request, env, SANDBOX_HEADER);
    if (!sandboxPath && (header === undefined || isSandboxesAdmin(path)))
      return fallback(request, env, executionCtx);
    const base = baseOf(url, env);
    if (base === undefined) return fallback(request, env, executionCtx);
    let sandbox: S;
    let target: { name: string; prefix: string | undefined };
    try {
      target = sandboxOf(path, header) as { name: string; prefix: string | undefined };
      sandbox = registry.open(target.name);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return fallback(request, { ...env, refusal: error }, executionCtx);
    }
    const served = `${SANDBOXES_PATH}/${target.name}`;
    const inner: Bindings = { ...env, servedBase: `${base}${served}` };
    if (target.prefix !== undefined) inner.pathPrefix = target.prefix;
    const answer = sandbox.fetch(request, inner, executionCtx);
    return answer instanceof Promise
      ? answer.then((response) => underPrefix(response, served))
      : underPrefix(answer, served);
  };
}

/**
 * The path a sandbox's app routes (its Hono `getPath`): the request's, without the sandbox prefix
 * (`/sandboxes/w1`) the dispatch names in the `pathPrefix` binding (a sandbox's name has no `%`,
 * so decoding leaves it as it is).
 *
 * @example
 * const app = new Hono<MockEnv>({ getPath: pathBelowPrefix });
 */
export function pathBelowPrefix(request: Request, options?: { env?: unknown }): string {
  const path = getPath(request);
  const prefix = (options?.env as Bindings | undefined)?.pathPrefix;
  return prefix === undefined ? path : path.slice(prefix.length) || '/';
}

/** Whether a path reaches an admin API: `/__mock/…` or `/sandboxes/{name}/__mock/…`. */
function isAdminTarget(path: string): boolean {
  if (!isSandboxPath(path)) return isAdminPath(path);
  const rest = path.indexOf('/', SANDBOXES_PATH.length + 1);
  return rest >= 0 && isAdminPath(path.slice(rest));
}

/**
 * Whether a request reaches an admin API (the default state's or a sandbox's), by its path as sent
 * or as the router decodes it: the access guard holds such requests to the admin rules.
 *
 * @example
 * isAdminRequest(new Request('http://localhost/sandboxes/w1/__mock/reset')); // true
 */
export function isAdminRequest(request: Request): boolean {
  return isAdminTarget(pathnameOf(request.url)) || isAdminTarget(getPath(request));
}
