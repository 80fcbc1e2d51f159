/**
 * Issue 23, acceptance: a frontend dev server on another localhost port (a Vite or Storybook page,
 * here a blank page in Chromium at `http://localhost:PORT/` and `http://127.0.0.1:PORT/`) calls the
 * public API of the mock as a user starts it: create, get with the token, the exposed
 * `X-Mock-Readings` header, an HLS playlist. The admin API answers that page only when the mock was
 * started with `--admin-cors-origin` naming it (`adminCorsOrigins`).
 */
import { zCreateVideosResponse, zGetVideoResponse } from '@video-api/schema/zod';
import type { Listening } from '@video-api/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';
import { TOKEN } from '../support/api.js';
import { ADMIN_FETCHES, SEEDED } from './support/attacks.js';
import { type Browser, launchBrowser, servePages } from './support/browser.js';
import { expectEffect, expectNoEffect, tryFrom, type WatchedMock, watchMock } from './support/mock-state.js';

/** In the page: the document's flow (§4.1, §4.3) and playback, as a frontend calls them. */
interface Flow {
  base: string;
  token: string;
  createPath: string;
  getPath: string;
  readyKey: string;
}

function publicFlowInPage({ base, token, createPath, getPath, readyKey }: Flow) {
  const auth = { authorization: `Bearer ${token}` };
  const body = JSON.stringify({ projectKey: 'demo', videos: [{ title: 'From the page' }] });
  return (async () => {
    const post = { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body };
    const created = await fetch(`${base}${createPath}`, post);
    const createdBody: unknown = await created.clone().json();
    const key = ((await created.json()) as { key: string }[])[0]?.key ?? '(none)';
    const got = await fetch(`${base}${getPath.replace('{videoKey}', key)}`, { headers: auth });
    const ready = await fetch(`${base}${getPath.replace('{videoKey}', readyKey)}`, { headers: auth });
    const readyBody = (await ready.json()) as { primaryPlaybackUrl: { hls: { url: string } } };
    const playlist = await fetch(readyBody.primaryPlaybackUrl.hls.url);
    return {
      statuses: [created.status, got.status, ready.status, playlist.status],
      createdBody,
      gotBody: (await got.json()) as unknown,
      readings: got.headers.get('x-mock-readings'),
      playlist: await playlist.text(),
    };
  })();
}

let pages: Listening;
let browser: Browser;
let mock: WatchedMock;
const opened: WatchedMock[] = [];

beforeAll(async () => {
  [pages, browser, mock] = await Promise.all([servePages(), launchBrowser(), watchMock()]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([pages?.close(), mock?.close(), ...opened.map((each) => each.close())]);
});

describe.each(['localhost', '127.0.0.1'])('a page of http://%s on another port', (hostname) => {
  let page: Page;
  let allowing: WatchedMock;
  beforeAll(async () => {
    const origin = `http://${hostname}:${pages.port}`;
    allowing = await watchMock({ adminCorsOrigins: [origin] });
    opened.push(allowing);
    page = await browser.open(`${origin}/`);
  });

  it('creates, gets with the token, reads X-Mock-Readings and fetches the playlist of a ready video', async () => {
    await mock.seed();
    const paths = {
      createPath: specOperation('createVideos').specPath,
      getPath: specOperation('getVideo').specPath,
    };
    const seen = await page.evaluate(publicFlowInPage, {
      base: mock.url,
      token: TOKEN,
      readyKey: SEEDED.key,
      ...paths,
    });
    expect(
      seen.statuses.every((status) => status >= 200 && status < 300),
      `${seen.statuses}`,
    ).toBe(true);
    const created = zCreateVideosResponse.parse(seen.createdBody).at(0);
    expect(zGetVideoResponse.parse(seen.gotBody)).toMatchObject({
      videoKey: created?.key,
      title: 'From the page',
    });
    expect(seen.readings).toMatch(/\w+=\w+/);
    expect(seen.playlist).toMatch(/^#EXTM3U/);
  });

  it.each(ADMIN_FETCHES)('cannot $name through the admin API (403 origin-not-allowed)', async (call) => {
    const tried = await tryFrom(page, mock, call);
    expect(tried.seen.outcome).toMatch(/^error TypeError/);
    expect(tried.seen.answers.map(({ status, mockError }) => `${status} ${mockError}`)).toContain(
      '403 origin-not-allowed',
    );
    expectNoEffect(tried);
  });

  it.each(ADMIN_FETCHES)(
    'can $name through the admin API when --admin-cors-origin names it',
    async (call) => {
      const tried = await tryFrom(page, allowing, call);
      expect(tried.seen.outcome).toMatch(/^cors 20\d$/);
      expectEffect(call, tried);
    },
  );
});
