/**
 * `pathUnder` cuts the prefix out of a request's URL by string, not by parsing it: for any base
 * URL and any path, query and fragment below it, the same URL as parsing gives (property).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mountAt, pathUnder } from '../../src/msw/mount.js';

/** What parsing the URL gives: its path below the prefix, at the same origin, with its query. */
function parsed(prefix: string, requestUrl: string): string {
  const url = new URL(requestUrl);
  return `${url.origin}${url.pathname.slice(prefix.length) || '/'}${url.search}`;
}

const segment = fc.string({ unit: fc.constantFrom(...'aZ09-_~.é %!$&()*+,;=:@'.split('')), minLength: 1 });
const origins = fc.constantFrom('https://api.example.test', 'http://localhost:4010', 'http://[::1]:8080');
const below = fc.tuple(
  fc.array(segment, { maxLength: 3 }).map((parts) => parts.map((part) => `/${part}`).join('')),
  fc.option(
    fc.string({ maxLength: 8 }).map((query) => `?${query}`),
    { nil: '' },
  ),
  fc.option(
    fc.string({ maxLength: 8 }).map((hash) => `#${hash}`),
    { nil: '' },
  ),
);

describe('pathUnder', () => {
  it('gives what parsing the URL gives, for any prefix, path, query and fragment (property)', () => {
    fc.assert(
      fc.property(
        origins,
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        below,
        (origin, parts, rest) => {
          const mount = mountAt('baseUrl', `${origin}/${parts.map(encodeURIComponent).join('/')}`);
          // As a handler sees it: a Request's URL, serialized by the runtime.
          const url = new Request(`${mount.base}${rest.join('')}`).url;
          // A prefix of dot segments only is none: the URL then goes on as it is.
          expect(pathUnder(mount, url)).toBe(mount.prefix === '' ? undefined : parsed(mount.prefix, url));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves the URL as it is without a prefix', () => {
    expect(pathUnder(mountAt('baseUrl', 'https://a.test/'), 'https://a.test/x?y')).toBeUndefined();
  });
});
