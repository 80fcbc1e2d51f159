/**
 * The origin and path of a request URL without a `new URL` per request. Request URLs reach the
 * app serialised (undici's Request and @hono/node-server both hand over an href), so the path is
 * the text between the authority and `?` or `#`; the origin is parsed once per distinct authority.
 */

let lastAuthority = '';
let lastOrigin = '';

function authorityEnd(url: string): number {
  const scheme = url.indexOf('://');
  if (scheme < 0) return -1;
  const slash = url.indexOf('/', scheme + 3);
  return slash < 0 ? url.length : slash;
}

/**
 * `new URL(url).origin`, parsing only when the authority differs from the previous call's.
 *
 * @example
 * originOf('http://127.0.0.1:4010/api/v1/videos/v-0001'); // 'http://127.0.0.1:4010'
 */
export function originOf(url: string): string {
  const end = authorityEnd(url);
  if (end < 0) return new URL(url).origin;
  const authority = url.slice(0, end);
  if (authority !== lastAuthority) {
    lastOrigin = new URL(url).origin;
    lastAuthority = authority;
  }
  return lastOrigin;
}

/**
 * `new URL(url).pathname` of a serialised URL.
 *
 * @example
 * pathnameOf('http://127.0.0.1:4010/api/v1/videos/v-0001?x=1'); // '/api/v1/videos/v-0001'
 */
export function pathnameOf(url: string): string {
  const start = authorityEnd(url);
  if (start < 0) return new URL(url).pathname;
  let end = start;
  while (end < url.length) {
    const code = url.charCodeAt(end);
    if (code === 63 /* ? */ || code === 35 /* # */) break;
    end += 1;
  }
  return start === end ? '/' : url.slice(start, end);
}
