/**
 * What a served mock allows and warns about by default: the hosts a request's Host may name
 * (localhost names and IP literals always; this machine's name, the bound host and the streaming
 * base's host; the user's `allowedHosts`), and whether the address it is bound to is reachable
 * from other machines, with the warning when no admin token guards the admin API.
 */
import { hostname } from 'node:os';
import { hostPattern, isIpLiteral, isLocalhostName, LOCALHOST_HOSTS } from '../../http/allowed-hosts.js';

/** The host of `url` without port, lower case; undefined for no URL or one that does not parse. */
function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).hostname.toLowerCase() || undefined;
  } catch {
    return undefined; // resolveOptions names the bad URL
  }
}

/** A host name as `--host` takes it (an address, a name), bracketed when it is an IPv6 literal. */
function asHostname(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
}

/**
 * The `allowedHosts` a server checks: localhost names, this machine's name, the bound host when it
 * is a name, the host of `streamingBase`, then the user's entries (IP literals are always allowed).
 *
 * @example
 * defaultAllowedHosts({ host: '127.0.0.1', allowedHosts: ['.example.test'] });
 * // ['localhost', '.localhost', 'my-laptop', '.example.test']
 */
export function defaultAllowedHosts(options: {
  host: string;
  streamingBase?: string | undefined;
  allowedHosts?: string[] | undefined;
}): string[] {
  const bound = asHostname(options.host);
  // This machine's names, where they are host names at all (the user's entries are checked later).
  const machine = [hostname(), ...(isIpLiteral(bound) ? [] : [bound]), hostOf(options.streamingBase)]
    .map((name) => (name === undefined ? undefined : hostPattern(name)))
    .filter((name): name is string => name !== undefined && name !== '*');
  return [...new Set([...LOCALHOST_HOSTS, ...machine, ...(options.allowedHosts ?? [])])];
}

/**
 * Whether binding `host` keeps the mock to this machine: a loopback address or a localhost name.
 * `0.0.0.0`, `::`, a LAN address or any other name is reachable from other machines.
 *
 * @example
 * isLoopbackHost('127.0.0.1'); // true
 * isLoopbackHost('0.0.0.0'); // false
 */
export function isLoopbackHost(host: string): boolean {
  const name = asHostname(host);
  if (isLocalhostName(name) || name === '[::1]') return true;
  return name.startsWith('127.') && isIpLiteral(name);
}

/**
 * The warning of a mock bound to `url` (not loopback) without an admin token, or undefined.
 *
 * @example
 * exposureWarning('0.0.0.0', undefined, 'http://0.0.0.0:4010'); // 'the admin API is open: …'
 */
export function exposureWarning(
  host: string,
  adminToken: string | undefined,
  url: string,
): string | undefined {
  if (isLoopbackHost(host) || adminToken !== undefined) return undefined;
  return `The admin API is open to anyone who can reach ${url} (bound to ${host}, not a loopback address): they can reset the state, read the journal and register webhooks. Start the mock with --admin-token T (the adminToken option) to require a token, or bind it to 127.0.0.1.`;
}
