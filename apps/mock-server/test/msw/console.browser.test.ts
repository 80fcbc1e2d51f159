/**
 * The console under the msw handlers, in a real browser: headless Chromium (Debian's, through
 * playwright-core) loads an app's page from localhost whose requests msw's worker hands to the
 * mock under another origin; `openConsole` shows the console in a frame of that page. Its own
 * script reaches the mock through the worker: a reading switched there changes the app's next
 * answer, the app's requests appear in its journal, seeded videos in its Videos panel, and its
 * links to the API reference are followed inside the frame; axe-core finds nothing serious.
 */
import { fileURLToPath } from 'node:url';
import { readingsOf, unspecified } from '@video-api/schema';
import { type Chromium, type Listening, launchChromium } from '@video-api/test-support';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';
import { seriousViolations } from '../console/axe.js';
import { serveWorkerPage } from './support/worker-page.js';

const BASE = 'https://api.example.test/video';

type PageApi = {
  start(baseUrl: string): Promise<string>;
  open(baseUrl?: string): Promise<string>;
  show(path: string): Promise<void>;
  appGet(path: string): Promise<{ status: number; readings: string | null; body: unknown }>;
  seed(videos: object[]): string[];
};

let site: Listening;
let browser: Chromium;
let page: Page;
let frame: Frame;

beforeAll(async () => {
  site = await serveWorkerPage(fileURLToPath(new URL('./console-page/', import.meta.url)));
  browser = await launchChromium();
  page = await browser.context.newPage();
  const seen: string[] = []; // what the page reports, for the message should it not start
  page.on('pageerror', (error) => seen.push(String(error)));
  page.on('requestfailed', (request) => seen.push(`${request.url()}: ${request.failure()?.errorText}`));
  await page.goto(`http://localhost:${site.port}/`);
  await page
    .waitForFunction(() => 'start' in globalThis)
    .catch((error: unknown) => {
      throw new Error(`the page did not start: ${seen.join('; ') || 'nothing reported'}`, { cause: error });
    });
  await page.evaluate((base) => (globalThis as unknown as PageApi).start(base), BASE);
  expect(await page.evaluate(() => (globalThis as unknown as PageApi).open())).toBe('opened');
  const shown = page.frames().find((candidate) => candidate !== page.mainFrame());
  if (!shown) throw new Error('openConsole added no frame to the page');
  frame = shown;
  await frame.waitForSelector('[data-playing="status-codes"]');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const appGet = (path: string) => page.evaluate((p) => (globalThis as unknown as PageApi).appGet(p), path);
const getVideoPath = (key: string) => specOperation('getVideo').specPath.replace('{videoKey}', key);

describe('openConsole: the console under the msw handlers, in Chromium', () => {
  it('shows every unknown of the spec with the reading it plays, read through the worker', async () => {
    const ids = Object.keys(unspecified);
    expect(await frame.locator('tr.unknown').count()).toBe(ids.length);
    const [first] = readingsOf('status-codes');
    // The script's GET __mock/readings answered through msw: no request left the page.
    await expect.poll(() => frame.locator('[data-playing="status-codes"]').textContent()).toBe(first);
    expect(await frame.evaluate(() => document.baseURI)).toBe(`${BASE}/`);
  });

  it("switches a reading with the keyboard, and the app's next answer plays it", async () => {
    const [first, second] = readingsOf('readiness-field');
    expect((await appGet(getVideoPath('v-none'))).readings ?? '').not.toContain(`readiness-field=${second}`);
    await frame.focus('#pick-readiness-field');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => frame.locator('[data-playing="readiness-field"]').textContent()).toBe(second);
    const [key = ''] = await page.evaluate(() =>
      (globalThis as unknown as PageApi).seed([{ title: 'Played', phase: 'ready' }]),
    );
    const answer = await appGet(getVideoPath(key));
    expect(answer.readings).toContain(`readiness-field=${second}`);
    expect(first).not.toBe(second);
  });

  it("shows the app's requests in its journal and the seeded videos in its Videos panel", async () => {
    const path = getVideoPath('v-from-the-app');
    expect((await appGet(path)).status).toBe(404);
    const row = frame.locator('#journal-rows tr', { hasText: path });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    expect(await row.textContent()).toContain('404');
    await page.evaluate(() => (globalThis as unknown as PageApi).seed([{ title: 'Listed in the frame' }]));
    const video = frame.locator('#video-rows tr', { hasText: 'Listed in the frame' });
    await expect.poll(() => video.count(), { timeout: 10_000 }).toBe(1);
  });

  it('has no serious or critical accessibility violation, in the frame or the page', async () => {
    expect(await seriousViolations(frame)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('follows a link to the API reference inside the frame, through the worker, to its anchor', async () => {
    const link = frame.locator('#unknown-readiness-field .touches a').first();
    const anchor = (await link.getAttribute('href'))?.split('#')[1] ?? '';
    await link.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => frame.evaluate(() => document.baseURI)).toBe(`${BASE}/docs`);
    await expect.poll(() => frame.evaluate(() => location.hash)).toBe(`#${anchor}`);
    expect(await frame.locator(`[id="${anchor}"]`).count()).toBe(1);
  });

  it('follows a link kept from before (docs/reference#…) through its redirect to docs, from code', async () => {
    const anchor = 'unknown-readiness-field';
    await page.evaluate((path) => (globalThis as unknown as PageApi).show(path), `docs/reference#${anchor}`);
    await expect.poll(() => frame.evaluate(() => document.baseURI)).toBe(`${BASE}/docs`);
    await expect.poll(() => frame.evaluate(() => location.hash)).toBe(`#${anchor}`);
    expect(await frame.locator(`[id="${anchor}"]`).count()).toBe(1);
  });

  it('refuses a base URL that no handler serves, saying what it needs', async () => {
    const message = await page.evaluate(() =>
      (globalThis as unknown as PageApi).open('https://elsewhere.example.test'),
    );
    expect(message).toMatch(
      /^openConsole: GET https:\/\/elsewhere\.example\.test\/ failed \(.+\): no handler answered it/,
    );
    expect(page.frames()).toHaveLength(2); // the console's frame only: the refused one is removed
  });
});
