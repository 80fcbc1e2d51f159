/**
 * Base URLs × request paths, generated (fast-check), through msw's own `getResponse` (the handler
 * lookup `setupServer` and `setupWorker` run, without patching fetch): a request under `baseUrl`
 * reaches the mock at its path below the prefix, query and all; one beside it (a sibling or parent
 * prefix, another origin) is left to other handlers.
 */
import fc from 'fast-check';
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { videoApiHandlers } from '../../src/msw.js';
import { AUTH } from './support/flow.js';

/** Path segments the URL parser keeps as they are (the expected path is then known exactly). */
const plainSegment = fc.stringMatching(/^[A-Za-z0-9_~-]{1,10}$/);
/** Prefix segments may be anything a URL path holds: the parser's encoding of them is its business. */
const anySegment = fc
  .string({ unit: fc.constantFrom(...'aZ09-_~.é ü!$&()*+,;=:@%'.split('')), minLength: 1, maxLength: 8 })
  .filter((segment) => segment !== '.' && segment !== '..' && !/%[0-9A-Fa-f]{2}/.test(segment));
const origins = fc.constantFrom(
  'https://api.example.test',
  'http://localhost:4010',
  'http://127.0.0.1:9999',
  'http://[::1]:8080',
  'https://xn--vido-9oa.example',
);
const prefixes = fc
  .array(anySegment, { minLength: 0, maxLength: 3 })
  .map((segments) => segments.map((s) => `/${s}`).join(''));
const paths = fc
  .array(plainSegment, { minLength: 1, maxLength: 4 })
  .map((segments) => `/${segments.join('/')}`);
const trailing = fc.constantFrom('', '/', '//');

/** Asks the handlers of a fresh mock at `baseUrl` for `url`; what it answered, and the paths it saw. */
async function ask(baseUrl: string, url: string) {
  const served = videoApiHandlers({ baseUrl, realTimeClock: false });
  try {
    const response = await getResponse(served.handlers, new Request(url, { headers: AUTH }));
    return { response, seen: (await served.mock.journal()).map((entry) => entry.path), served };
  } finally {
    await served.mock.close();
  }
}

describe('requests under baseUrl, for any base URL and path (property)', () => {
  it('reach the mock at their path below the prefix, whatever the prefix holds', async () => {
    await fc.assert(
      fc.asyncProperty(origins, prefixes, trailing, paths, async (origin, prefix, slash, path) => {
        const baseUrl = `${origin}${prefix}${slash}`;
        const served = new URL(baseUrl);
        const { response, seen } = await ask(
          baseUrl,
          `${served.origin}${served.pathname.replace(/\/+$/, '')}${path}`,
        );
        expect(response?.headers.get('x-mock-readings')).toBeTruthy();
        expect(seen).toEqual([path]);
      }),
      { numRuns: 150 },
    );
  });

  it('keep their query', async () => {
    await fc.assert(
      fc.asyncProperty(origins, prefixes, paths, async (origin, prefix, path) => {
        const served = videoApiHandlers({ baseUrl: `${origin}${prefix}`, realTimeClock: false });
        try {
          await getResponse(served.handlers, new Request(`${served.baseUrl}${path}`, { headers: AUTH }));
          const query = `${served.baseUrl}/__mock/journal?path=${encodeURIComponent(path)}`;
          const answer = (await getResponse(served.handlers, new Request(query))) as Response;
          const { entries } = (await answer.json()) as { entries: { path: string }[] };
          expect(entries.map((entry) => entry.path)).toEqual([path]);
        } finally {
          await served.mock.close();
        }
      }),
      { numRuns: 50 },
    );
  });

  it('are answered at the prefix itself, with or without its trailing slash', async () => {
    await fc.assert(
      fc.asyncProperty(origins, prefixes, fc.constantFrom('', '/'), async (origin, prefix, slash) => {
        const served = videoApiHandlers({ baseUrl: `${origin}${prefix}`, realTimeClock: false });
        try {
          // As an API client asks (a page asking for HTML gets the console there, src/console/).
          const json = { headers: { accept: 'application/json' } };
          const response = await getResponse(served.handlers, new Request(`${served.baseUrl}${slash}`, json));
          expect(response?.status).toBe(404);
          expect((await served.mock.journal()).map((entry) => entry.path)).toEqual(['/']);
        } finally {
          await served.mock.close();
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe('requests beside baseUrl, for any base URL and path (property)', () => {
  const nonEmptyPrefixes = fc
    .array(plainSegment, { minLength: 1, maxLength: 3 })
    .map((segments) => segments.map((s) => `/${s}`).join(''));

  it('are left to other handlers: a sibling prefix, a parent prefix, another origin', async () => {
    await fc.assert(
      fc.asyncProperty(
        origins,
        nonEmptyPrefixes,
        paths,
        plainSegment,
        async (origin, prefix, path, extra) => {
          const parent = prefix.slice(0, prefix.lastIndexOf('/'));
          const underParent = `${parent}${path}`; // under the prefix too when path starts with its last segment
          const beside = [
            `${origin}${prefix}${extra}${path}`, // /video → /videoX/…
            ...(underParent === prefix || underParent.startsWith(`${prefix}/`)
              ? []
              : [`${origin}${underParent}`]),
            `${origin.replace(/^http(s?):/, (_, s) => (s ? 'http:' : 'https:'))}${prefix}${path}`,
            `https://beside.example.test${prefix}${path}`,
          ];
          for (const url of beside) {
            const { response, seen } = await ask(`${origin}${prefix}`, url);
            expect(response, url).toBeUndefined();
            expect(seen, url).toEqual([]);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
