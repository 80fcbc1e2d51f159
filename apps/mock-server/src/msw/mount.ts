/**
 * Where the msw handlers serve the mock: a base URL (origin and optional path prefix), the pattern
 * msw matches requests against, and the path of a request below the prefix.
 */
import { OptionError } from '../options.js';

/** A base URL the mock is served under. */
export interface Mount {
  /** Origin and prefix, no trailing slash: `https://api.example.test/video`. */
  base: string;
  origin: string;
  /** The path prefix, `''` or `/video` (no trailing slash). */
  prefix: string;
  /**
   * The RegExp msw matches a request's URL without query and fragment (origin + path) against:
   * the prefix itself or anything below it; with `under`, only paths below prefix + one of them.
   */
  pattern(...under: string[]): RegExp;
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Where a path-only base URL is resolved: the page's location, where there is one. */
const pageLocation = (): string | undefined =>
  (globalThis as { location?: { href?: unknown } }).location?.href as string | undefined;

/**
 * Parses the base URL option `name`; throws an OptionError that says what is accepted.
 *
 * @example
 * mountAt('baseUrl', 'https://api.example.test/video/').base; // 'https://api.example.test/video'
 */
export function mountAt(name: string, value: unknown): Mount {
  const shown = JSON.stringify(value) ?? String(value);
  const refuse = (why = ''): never => {
    throw new OptionError(
      `${name}: ${shown} is not accepted (${why}an absolute http(s) URL without query or fragment, e.g. https://api.example.test or https://api.example.test/video; in a page also a path such as /video)`,
    );
  };
  if (typeof value !== 'string' || value.trim() === '') return refuse();
  const page = pageLocation();
  const path = value.startsWith('/') && !value.startsWith('//');
  if (path && page === undefined) {
    throw new OptionError(
      `${name}: ${shown} is not accepted outside a page (there is no location to resolve a path against: give an absolute http(s) URL, e.g. https://api.example.test${value})`,
    );
  }
  let url: URL;
  try {
    url = path ? new URL(value, page) : new URL(value);
  } catch {
    return refuse();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse();
  if (url.search !== '' || url.hash !== '' || value.includes('?') || value.includes('#')) return refuse();
  if (url.username !== '' || url.password !== '') return refuse('no user name or password: ');
  const prefix = url.pathname.replace(/\/+$/, '');
  const base = `${url.origin}${prefix}`;
  return {
    base,
    origin: url.origin,
    prefix,
    pattern: (...under) =>
      new RegExp(
        under.length === 0
          ? `^${literally(base)}(?:/|$)`
          : `^${literally(base)}(?:${under.map(literally).join('|')})`,
      ),
  };
}

/**
 * The URL a request reaches the app with: its path below the prefix, at the same origin, with its
 * query; undefined when there is no prefix (the URL stays as it is).
 *
 * @example
 * pathUnder(mountAt('baseUrl', 'https://a.test/video'), 'https://a.test/video/api/v1/videos?x=1');
 * // 'https://a.test/api/v1/videos?x=1'
 */
export function pathUnder(mount: Mount, requestUrl: string): string | undefined {
  if (mount.prefix === '') return undefined;
  // The handler's URL matched `pattern()`: base, then `/`, `?`, `#` or nothing. A Request's URL is
  // serialized, so the base is there as it is: cut it out without parsing the URL again.
  const rest = requestUrl.startsWith(mount.base) ? requestUrl.slice(mount.base.length) : undefined;
  if (rest !== undefined && (rest === '' || '/?#'.includes(rest[0] as string))) {
    const hash = rest.indexOf('#');
    let below = hash === -1 ? rest : rest.slice(0, hash);
    if (below.indexOf('?') === below.length - 1) below = below.slice(0, -1); // an empty query is none
    return `${mount.origin}${below.startsWith('/') ? below : `/${below}`}`;
  }
  const url = new URL(requestUrl);
  return `${url.origin}${url.pathname.slice(mount.prefix.length) || '/'}${url.search}`;
}
