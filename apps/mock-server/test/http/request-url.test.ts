/** originOf and pathnameOf agree with `new URL` on every serialised URL a request can carry. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { originOf, pathnameOf } from '../../src/http/request-url.js';

describe('originOf and pathnameOf', () => {
  it.each([
    ['http://127.0.0.1:4010/api/v1/videos/v-0001', 'http://127.0.0.1:4010', '/api/v1/videos/v-0001'],
    ['http://localhost/api/v1/videos?x=1#y', 'http://localhost', '/api/v1/videos'],
    ['http://LOCALHOST:80/', 'http://localhost', '/'],
    ['https://user:pw@example.test:8443/a/%7Ekey/b#frag', 'https://example.test:8443', '/a/%7Ekey/b'],
    ['http://[::1]:4010/__mock/journal', 'http://[::1]:4010', '/__mock/journal'],
    ['http://host.test?only=query', 'http://host.test', '/'],
  ])('reads %s as origin %s and path %s', (url, origin, path) => {
    expect(originOf(url)).toBe(origin);
    expect(pathnameOf(url)).toBe(path);
  });

  it('matches new URL for any web URL, across changing authorities', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (text) => {
        const href = new URL(text).href;
        expect(originOf(href)).toBe(new URL(href).origin);
        expect(pathnameOf(href)).toBe(new URL(href).pathname);
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});
