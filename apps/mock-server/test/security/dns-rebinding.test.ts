/**
 * Issue 23, acceptance: a name that is not the mock's (`rebind.test`, mapped to 127.0.0.1 in
 * Chromium; `Host: evil.example` from Node) gets the mock's own 403 `host-not-allowed`, also when a
 * page's own origin is rebound to the mock, the one case CORS cannot stop (same origin). A page the
 * mock serves itself (`/docs`) calls the admin API: same-origin works.
 */
import { request } from 'node:http';
import type { Listening } from '@video-api/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';
import type { ServerOptions } from '../../src/node/index.js';
import { ADMIN_FETCHES, ATTACKS, SEEDED } from './support/attacks.js';
import { type Browser, launchBrowser, REBIND, servePages } from './support/browser.js';
import { expectEffect, expectNoEffect, tryFrom, type WatchedMock, watchMock } from './support/mock-state.js';

const [JOURNAL] = ADMIN_FETCHES.filter(({ aim }) => aim === 'leak');
if (JOURNAL === undefined) throw new Error('the attack table has no journal read');

/** A plain Node request with the given Host header: its status and X-Mock-Error. */
function withHost(url: string, path: string, host: string): Promise<[number | undefined, unknown]> {
  return new Promise((resolve, reject) => {
    const sent = request(`${url}${path}`, { headers: { host } }, (response) => {
      response.resume();
      resolve([response.statusCode, response.headers['x-mock-error']]);
    });
    sent.on('error', reject).end();
  });
}

let browser: Browser;
let mock: WatchedMock;
const started: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  [browser, mock] = await Promise.all([launchBrowser(), watchMock()]);
  started.push(mock);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all(started.map((each) => each.close()));
});

describe('Host', () => {
  it.each([
    JOURNAL.path,
    specOperation('getVideo').specPath.replace('{videoKey}', SEEDED.key),
    '/openapi.json',
  ])(
    'Host: evil.example is refused on %s (403 host-not-allowed); the mock’s own names are served',
    async (path) => {
      expect(await withHost(mock.url, path, 'evil.example')).toEqual([403, 'host-not-allowed']);
      const port = new URL(mock.url).port;
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
        const [status] = await withHost(mock.url, path, host);
        expect(status, host).not.toBe(403);
      }
    },
  );

  it(`Chromium sent to http://${REBIND}:PORT/__mock/journal gets the 403 host-not-allowed problem`, async () => {
    await mock.seed();
    const page = await browser.open('about:blank');
    const answer = await page.goto(`http://${REBIND}:${new URL(mock.url).port}/__mock/journal`);
    expect(answer?.status()).toBe(403);
    const body = (await answer?.json()) as { code: string; detail: string };
    expect(body.code).toBe('host-not-allowed');
    expect(body.detail).toContain(`--allowed-host ${REBIND}`);
    expect(JSON.stringify(body)).not.toContain(SEEDED.key);
  });
});

interface Rebound {
  mock: WatchedMock;
  origin: string;
  page: Page;
}

/**
 * DNS rebinding as the browser sees it: a page of `rebind.test:P` is loaded from the attacker's
 * server, then the name's port P answers from the mock (the attacker's server closes, the mock
 * listens on P); the page's script now calls its own origin, which is the mock.
 */
async function rebound(options: ServerOptions): Promise<Rebound> {
  const attacker: Listening = await servePages();
  const origin = `http://${REBIND}:${attacker.port}`;
  const page = await browser.open(`${origin}/`);
  await attacker.close();
  const target = await watchMock({ ...options, port: attacker.port });
  started.push(target);
  return { mock: target, origin, page };
}

describe('a page whose own origin is rebound to the mock (same origin: CORS does not apply)', () => {
  let guarded: Rebound;
  let open: Rebound;
  beforeAll(async () => {
    guarded = await rebound({});
    open = await rebound({ allowedHosts: ['*'] });
  });

  it.each(ADMIN_FETCHES)('cannot $name: 403 host-not-allowed, nothing changed', async (call) => {
    const tried = await tryFrom(guarded.page, guarded.mock, call, guarded.origin);
    expect(tried.seen.outcome).toBe('basic 403');
    expect(tried.seen.answers).toEqual([{ method: call.method, status: 403, mockError: 'host-not-allowed' }]);
    expectNoEffect(tried);
  });

  it('reads the journal where the mock was started with --allowed-host * (what the check prevents)', async () => {
    const tried = await tryFrom(open.page, open.mock, JOURNAL, open.origin);
    expect(tried.seen.outcome).toBe('basic 200');
    expectEffect(JOURNAL, tried);
  });
});

/** What a page the mock serves calls on its own origin: the admin calls, and a create of the public API. */
const SAME_ORIGIN_CALLS = [...ADMIN_FETCHES, ...ATTACKS.filter(({ aim }) => aim === 'created')];

describe.each([
  ['as 127.0.0.1', {}],
  [`as ${REBIND}, an --allowed-host name (a shared mock)`, { allowedHosts: [REBIND] }],
])('a page the mock serves itself (its /docs), %s', (_name, options: ServerOptions) => {
  let served: WatchedMock;
  let page: Page;
  let origin: string;
  beforeAll(async () => {
    served = await watchMock(options);
    started.push(served);
    const port = new URL(served.url).port;
    origin = options.allowedHosts === undefined ? served.url : `http://${REBIND}:${port}`;
    page = await browser.open(`${origin}/docs`);
  });

  it.each(SAME_ORIGIN_CALLS)('can $name: the mock answers its own origin', async (call) => {
    const tried = await tryFrom(page, served, call, origin);
    expect(tried.seen.outcome).toMatch(/^basic 20\d$/);
    expectEffect(call, tried);
  });
});

describe('the developer’s own tab', () => {
  it('opened at /__mock/journal shows it (a navigation: no Origin, Sec-Fetch-Site none)', async () => {
    await mock.seed();
    const tab = await browser.open('about:blank');
    const answer = await tab.goto(`${mock.url}${JOURNAL.path}`);
    expect(answer?.status()).toBe(200);
    expect(await answer?.text()).toContain(SEEDED.key);
  });
});
