/**
 * The access guard, run on a request before anything else (before a sandbox opens, before the
 * pipeline journals it): a `Host` that is not allowed (DNS rebinding), an `Origin` the public or
 * the admin API does not answer, or another site's subresource reaching the admin API is refused
 * with the mock's own 403, and nothing is done. Design "Safe to leave running".
 */
import { hostAllowed, hostnameOf, LOCALHOST_HOSTS } from './allowed-hosts.js';
import type { HttpError } from './errors.js';
import { mockError } from './mock-error.js';
import {
  ANY_ORIGIN,
  adminOriginAllowed,
  crossSiteSubresource,
  publicOriginAllowed,
} from './origin-policy.js';
import { headerOf } from './request-headers.js';
import { originOf } from './request-url.js';

/** Who may reach the mock (resolved options). */
export interface AccessPolicy {
  /** Undefined: hosts are not checked (in-process, msw). */
  allowedHosts: readonly string[] | undefined;
  corsOrigins: readonly string[];
  adminCorsOrigins: readonly string[];
}

const listed = (items: readonly string[]) => (items.length === 0 ? '' : `, ${items.join(', ')}`);
/** The entries beyond those always allowed (localhost names), which the message names first. */
const beyondLocalhost = (items: readonly string[]) => items.filter((item) => !LOCALHOST_HOSTS.includes(item));

function hostRefusal(hostname: string, allowed: readonly string[]): HttpError {
  return mockError(
    'host-not-allowed',
    'Host not allowed',
    `The Host header names "${hostname}", a host this mock does not serve (allowed: localhost, IP addresses${listed(beyondLocalhost(allowed))}); a guard against DNS rebinding, nothing was done. To serve it, start the mock with --allowed-host ${hostname} (the allowedHosts option), or --allowed-host '*' for any host.`,
    403,
  );
}

function originRefusal(origin: string, admin: boolean, policy: AccessPolicy): HttpError {
  const named = origin === 'null' ? "'*'" : origin;
  const detail = admin
    ? `Origin "${origin}" may not call the admin API (/__mock) from a browser: it answers its own origin only${listed(policy.adminCorsOrigins)}; nothing was done. To allow it, start the mock with --admin-cors-origin ${named} (the adminCorsOrigins option).`
    : `Origin "${origin}" may not call this mock from a browser (allowed: its own origin, localhost origins of any port${listed(policy.corsOrigins)}); nothing was done. To allow it, start the mock with --cors-origin ${named} (the corsOrigins option), or --cors-origin '*' for any origin.`;
  return mockError('origin-not-allowed', 'Origin not allowed', detail, 403);
}

function subresourceRefusal(site: string, mode: string | undefined): HttpError {
  return mockError(
    'origin-not-allowed',
    'Origin not allowed',
    `A ${site} request without Origin (Sec-Fetch-Site: ${site}, Sec-Fetch-Mode: ${mode ?? 'absent'}), another page's subresource, may not reach the admin API (/__mock); nothing was done. To allow it, start the mock with --admin-cors-origin '*' (the adminCorsOrigins option).`,
    403,
  );
}

/** The Host header last allowed, and the list it was allowed under (lists are fixed once made). */
let lastAllowed: { list: readonly string[]; host: string } = { list: [], host: '' };

/**
 * The refusal of the request's Host (its header, else its URL's host), if it is not allowed. A Host
 * that makes no URL at all (`127.0.0..1`) goes on: the pipeline answers it 400 (bad-host) before
 * anything happens.
 */
function hostRefused(request: Request, env: unknown, allowed: readonly string[]): HttpError | undefined {
  const host = headerOf(request, env, 'host') ?? new URL(request.url).host;
  // A client sends the same Host on every request: the last one allowed under this list is known.
  if (lastAllowed.list === allowed && lastAllowed.host === host) return undefined;
  const hostname = hostnameOf(host);
  if (hostAllowed(hostname, allowed)) {
    lastAllowed = { list: allowed, host };
    return undefined;
  }
  try {
    new URL(`http://${host}/`);
  } catch {
    return undefined;
  }
  return hostRefusal(hostname, allowed);
}

/**
 * The refusal of `request`, or undefined when it may go on. `env`: the bindings it is fetched with
 * (Node's raw headers); `isAdmin`: whether it reaches an admin API, asked only when it matters.
 *
 * @example
 * const refusal = accessRefusal(request, env, () => isAdminPath(path), policy);
 * if (refusal) return renderMockError(refusal);
 */
export function accessRefusal(
  request: Request,
  env: unknown,
  isAdmin: () => boolean,
  policy: AccessPolicy,
): HttpError | undefined {
  const refused = policy.allowedHosts && hostRefused(request, env, policy.allowedHosts);
  if (refused) return refused;
  const origin = headerOf(request, env, 'origin');
  if (origin === undefined) {
    const site = headerOf(request, env, 'sec-fetch-site');
    if (site === undefined || policy.adminCorsOrigins.includes(ANY_ORIGIN)) return undefined;
    const mode = headerOf(request, env, 'sec-fetch-mode');
    return crossSiteSubresource(site, mode) && isAdmin() ? subresourceRefusal(site, mode) : undefined;
  }
  const admin = isAdmin();
  const own = originOf(request.url);
  const allowed = admin
    ? adminOriginAllowed(origin, own, policy.adminCorsOrigins)
    : publicOriginAllowed(origin, policy.corsOrigins, own);
  return allowed ? undefined : originRefusal(origin, admin, policy);
}
