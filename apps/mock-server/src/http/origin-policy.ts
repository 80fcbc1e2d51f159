/**
 * Origins a browser may call the mock from: the public API (and playback) answers localhost
 * origins of any port and those of the `corsOrigins` option; the admin API answers its own origin
 * and those of `adminCorsOrigins`. `*` in a list allows every origin (`Origin: null` included).
 */
import { isIpLiteral, isLocalhostName } from './allowed-hosts.js';

/** The entry that allows any origin. */
export const ANY_ORIGIN = '*';

/** What an entry may be, for error messages. */
export const ORIGIN_RULE =
  'an origin: scheme://host[:port] without a path, e.g. http://localhost:5173; or * for any';

const ORIGIN = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#@\s\\]+)$/;

/**
 * `text` as browsers send an origin (lower-case scheme and host, no default port), or undefined
 * when it is not an origin (`null`, a path, no scheme).
 *
 * @example
 * normalizeOrigin('HTTP://LocalHost:80'); // 'http://localhost'
 * normalizeOrigin('http://localhost:5173/app'); // undefined
 */
export function normalizeOrigin(text: string): string | undefined {
  const match = ORIGIN.exec(text.trim());
  if (!match) return undefined;
  const scheme = (match[1] as string).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return `${scheme}://${(match[2] as string).toLowerCase()}`;
  try {
    return new URL(text.trim()).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether `origin` (normalized) is an http(s) origin on this machine's loopback names: localhost,
 * `*.localhost`, 127.0.0.0/8 or [::1], of any port (frontend dev servers, Storybook, Playwright).
 *
 * @example
 * isLocalhostOrigin('http://127.0.0.2:6006'); // true
 * isLocalhostOrigin('https://evil.example'); // false
 */
function isLocalhostOrigin(origin: string): boolean {
  if (!origin.startsWith('http://') && !origin.startsWith('https://')) return false;
  const hostname = new URL(origin).hostname;
  if (isLocalhostName(hostname) || hostname === '[::1]') return true;
  return hostname.startsWith('127.') && isIpLiteral(hostname);
}

/**
 * Whether the public API answers `origin` (an `Origin` header as sent).
 *
 * @example
 * publicOriginAllowed('http://localhost:5173', []); // true
 * publicOriginAllowed('https://app.example', ['https://app.example']); // true
 * publicOriginAllowed('http://mock.internal:4010', [], 'http://mock.internal:4010'); // true
 */
export function publicOriginAllowed(origin: string, corsOrigins: readonly string[], own?: string): boolean {
  if (corsOrigins.includes(ANY_ORIGIN)) return true;
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return false;
  // Its own origin (`own`, the request URL's): a page the mock serves (/docs) under an allowed host.
  return isLocalhostOrigin(normalized) || normalized === own || corsOrigins.includes(normalized);
}

/**
 * Whether the admin API answers `origin`: its own origin (`own`, the request URL's) or a listed one.
 *
 * @example
 * adminOriginAllowed('http://127.0.0.1:4010', 'http://127.0.0.1:4010', []); // true
 * adminOriginAllowed('http://localhost:5173', 'http://127.0.0.1:4010', []); // false
 */
export function adminOriginAllowed(
  origin: string,
  own: string,
  adminCorsOrigins: readonly string[],
): boolean {
  if (adminCorsOrigins.includes(ANY_ORIGIN)) return true;
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return false;
  return normalized === own || adminCorsOrigins.includes(normalized);
}

/**
 * Whether a request without Origin is another site's subresource (an `<img>`, a `<script>`, a
 * no-cors fetch): `Sec-Fetch-Site` cross-site or same-site, and not a navigation.
 *
 * @example
 * crossSiteSubresource('cross-site', 'no-cors'); // true
 * crossSiteSubresource('cross-site', 'navigate'); // false
 */
export function crossSiteSubresource(site: string | undefined, mode: string | undefined): boolean {
  return (site === 'cross-site' || site === 'same-site') && mode !== 'navigate';
}
