/**
 * Allowed hosts, the guard against DNS rebinding: what an entry of the `allowedHosts` option
 * (`--allowed-host`) may be, and whether the hostname a request's `Host` names is allowed. A page
 * that rebinds its own name to 127.0.0.1 still sends that name in `Host`; localhost names and IP
 * literals are always allowed, since rebinding needs a name (as Vite's `server.allowedHosts`).
 */

/** The entry that allows any host. */
const ANY_HOST = '*';

/** Always allowed: `localhost` and its subdomains (`app.localhost`), which resolve to loopback. */
export const LOCALHOST_HOSTS: readonly string[] = ['localhost', '.localhost'];

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** What an entry may be, for error messages. */
export const HOST_RULE =
  'a host name (api.example.test), .domain for it and its subdomains (.example.test), an IP address, or * for any; no scheme, port or path';

/** Lower case, one trailing dot dropped (`Example.COM.` and `example.com` are one host). */
function normalize(hostname: string): string {
  const lower = hostname.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/** Whether `hostname` (normalized) is an IPv4 literal, or an IPv6 literal in brackets. */
export function isIpLiteral(hostname: string): boolean {
  if (IPV4.test(hostname)) return true;
  if (!hostname.startsWith('[') || !hostname.endsWith(']') || !hostname.includes(':')) return false;
  try {
    return new URL(`http://${hostname}/`).hostname.length > 0;
  } catch {
    return false;
  }
}

/** Whether `hostname` (normalized) is `localhost` or one of its subdomains. */
export function isLocalhostName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

function isHostName(hostname: string): boolean {
  return hostname.length <= 253 && hostname.split('.').every((label) => LABEL.test(label));
}

/**
 * An entry of `allowedHosts`, normalized, or undefined when it is not one (see HOST_RULE).
 *
 * @example
 * hostPattern('.Example.test.'); // '.example.test'
 * hostPattern('http://example.test'); // undefined
 */
export function hostPattern(entry: string): string | undefined {
  const trimmed = normalize(entry.trim());
  if (trimmed === ANY_HOST) return ANY_HOST;
  if (isIpLiteral(trimmed)) return trimmed;
  const name = trimmed.startsWith('.') ? trimmed.slice(1) : trimmed;
  return name !== '' && isHostName(name) ? trimmed : undefined;
}

/**
 * The hostname a `Host` header names: without its port, lower case, without a trailing dot.
 *
 * @example
 * hostnameOf('Evil.Example.:4010'); // 'evil.example'
 * hostnameOf('[::1]:4010'); // '[::1]'
 */
export function hostnameOf(host: string): string {
  const value = host.trim();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return (end < 0 ? value : value.slice(0, end + 1)).toLowerCase();
  }
  const colon = value.lastIndexOf(':');
  return normalize(colon < 0 ? value : value.slice(0, colon));
}

/**
 * Whether `hostname` (as `hostnameOf` gives it) is allowed by `patterns` (as `hostPattern` gives
 * them): localhost names and IP literals always are.
 *
 * @example
 * hostAllowed('api.example.test', ['.example.test']); // true
 * hostAllowed('evil.example', []); // false
 */
export function hostAllowed(hostname: string, patterns: readonly string[]): boolean {
  if (isLocalhostName(hostname) || isIpLiteral(hostname)) return true;
  for (const pattern of patterns) {
    if (pattern === ANY_HOST || pattern === hostname) return true;
    if (pattern.startsWith('.') && (hostname === pattern.slice(1) || hostname.endsWith(pattern))) return true;
  }
  return false;
}
