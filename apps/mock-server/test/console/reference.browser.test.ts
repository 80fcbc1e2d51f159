/**
 * The console and the API reference, with the keyboard in Chromium (Debian's, through
 * playwright-core) against the mock as a user starts it: Tab to the console's navigation entry
 * and Enter reaches the reference; Tab to an unknown's reference link and Enter lands at its
 * marker there (the fragment's target, in view); from the marker, Tab and Enter land back at the
 * unknown's control in the console; a link kept from before (`docs/reference#unknown-<id>`) lands
 * at the same marker of `docs`. axe-core finds nothing serious or critical in the reference.
 */
import { unspecifiedIds } from '@video-api/schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { type OpenConsole, openConsole } from './open-console.js';

let opened: OpenConsole;
let page: Page;
let base: string;

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
  base = opened.server.url;
}, 60_000);
afterAll(() => opened?.close());

/** Presses Tab (at most `limit` times: the console lists every unknown first) until the focused element matches `selector`. */
async function tabTo(selector: string, limit = 120): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${limit} presses of Tab did not reach ${selector}`);
}

/** The element the page's fragment names (its :target): its id, and whether its top is in view (to a pixel's rounding). */
const target = () =>
  page.evaluate(() => {
    const element = document.querySelector(':target');
    const box = element?.getBoundingClientRect();
    return { id: element?.id, inView: box !== undefined && box.top > -2 && box.top < window.innerHeight };
  });

describe('the console and the API reference, with the keyboard', () => {
  it("reaches the reference from the console's navigation", async () => {
    await page.goto(`${base}/`);
    await tabTo('nav.console-nav a[href="docs"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/docs`);
    expect(await page.locator('aside.unknown').count()).toBeGreaterThanOrEqual(unspecifiedIds.length);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("lands at an unknown's marker in the reference, and back at its control in the console", async () => {
    const id = unspecifiedIds[0] as string;
    await page.goto(`${base}/`);
    await tabTo(`a[href="docs#unknown-${id}"]`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/docs#unknown-${id}`);
    expect(await target()).toEqual({ id: `unknown-${id}`, inView: true });
    expect(await page.locator(':target').getAttribute('data-unknown')).toBe(id);
    // The fragment moved the start of sequential focus to the marker: its link to the console is next.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(`/#unknown-${id}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/#unknown-${id}`);
    expect(await target()).toEqual({ id: `unknown-${id}`, inView: true });
    expect(await page.locator(`:target #pick-${id}`).count()).toBe(1);
  });

  it('takes a link kept from before, docs/reference#unknown-<id>, to the marker at docs', async () => {
    const id = unspecifiedIds.at(-1) as string;
    await page.goto(`${base}/docs/reference#unknown-${id}`);
    await page.waitForURL(`${base}/docs#unknown-${id}`);
    expect(await target()).toEqual({ id: `unknown-${id}`, inView: true });
  });
});
