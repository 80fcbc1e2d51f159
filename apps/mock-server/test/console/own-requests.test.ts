/**
 * The console's own requests stay out of the journal, which shows a person the requests of the app
 * they test: its page, its script, style and icon (and `/favicon.ico`, answered, not a 404), and
 * every request its script marks with `X-Mock-Console` (its admin calls, its player's) are not
 * journalled, while the same API request unmarked is, and so is a client's `GET /` that takes no
 * HTML (the JSON 404 of the API). The script and style are cached for good under their hash.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';
import { createApp } from '../../src/portable.js';
import { CONSOLE_REQUEST_HEADER } from '../../src/shared/console-request.js';
import { AUTH } from '../support/api.js';

const app = createApp({ realTimeClock: false });
afterAll(() => app.mock.close());

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const MARK = { [CONSOLE_REQUEST_HEADER]: '1' };

/** The paths the journal holds now (`GET /__mock/journal`), oldest first. */
async function journalled(): Promise<string[]> {
  const res = await app.request('/__mock/journal');
  const { entries } = (await res.json()) as { entries: { path: string }[] };
  return entries.map((entry) => entry.path);
}

/** The page's script, style and icon, as the page names them. */
async function assetsOfPage(): Promise<string[]> {
  const page = await (await app.request('/', { headers: HTML })).text();
  return [...page.matchAll(/(?:src|href)="(console\/[^"]+)"/g)].map(([, path]) => `/${path}`);
}

describe("the console's own requests", () => {
  it('are not journalled, while the same API request unmarked is', async () => {
    await app.request('/__mock/reset', { method: 'POST' });
    const assets = await assetsOfPage();
    expect(assets.map((path) => path.replace(/\?.*/, ''))).toEqual([
      '/console/icon.svg',
      '/console/console.css',
      '/console/console.js',
    ]);
    for (const path of assets) expect((await app.request(path)).status, path).toBe(200);
    const favicon = await app.request('/favicon.ico');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/svg+xml');
    for (const path of ['readings', 'videos', 'clock', 'journal'])
      expect((await app.request(`/__mock/${path}`, { headers: MARK })).status, path).toBe(200);
    const path = specOperation('getVideo').specPath.replace('{videoKey}', 'v-seen');
    expect((await app.request(path, { headers: { ...AUTH, ...MARK } })).status).toBe(404);
    expect(await journalled()).toEqual([]);

    expect((await app.request(path, { headers: AUTH })).status).toBe(404);
    expect((await app.request('/', { headers: { accept: 'application/json' } })).status).toBe(404);
    expect(await journalled()).toEqual([path, '/']);
  });

  it('are marked by the header whatever its value or the case of its name', async () => {
    const path = specOperation('getVideo').specPath.replace('{videoKey}', 'v-marked');
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 8 }).filter((value) => !/[\r\n\0]/.test(value)),
        fc.boolean(),
        async (value, upper) => {
          await app.request('/__mock/reset', { method: 'POST' });
          const name = upper ? CONSOLE_REQUEST_HEADER.toUpperCase() : CONSOLE_REQUEST_HEADER;
          await app.request(path, { headers: { ...AUTH, [name]: value } });
          expect(await journalled()).toEqual([]);
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe("the console's files", () => {
  it('are cached for good under their hash, revalidated under any other address', async () => {
    for (const address of await assetsOfPage()) {
      const res = await app.request(address);
      expect(res.headers.get('cache-control'), address).toBe('public, max-age=31536000, immutable');
      const etag = res.headers.get('etag') ?? '';
      expect(etag, address).toBe(`"${new URL(address, 'http://x').searchParams.get('v')}"`);
      const bare = await app.request(address.replace(/\?.*/, ''));
      expect(bare.headers.get('cache-control'), address).toBe('no-cache');
      expect(await bare.text()).toBe(await res.text());
      const again = await app.request(address.replace(/\?.*/, ''), { headers: { 'if-none-match': etag } });
      expect(again.status, address).toBe(304);
    }
  });
});
