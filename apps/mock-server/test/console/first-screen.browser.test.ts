/**
 * The console's first screen, in Chromium at 1280×800: the unknowns' table and the journal are
 * both in view, side by side, and a request the app makes shows in the journal there without a
 * scroll; scrolled down the unknowns, the journal stays in view (sticky). Below 1000 px wide the
 * page is one column. The page's height at 1280 wide is printed, for the record.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';
import { AUTH } from '../support/api.js';
import { type OpenConsole, openConsole } from './open-console.js';

const VIEWPORT = { width: 1280, height: 800 };

let opened: OpenConsole;
let page: Page;

beforeAll(async () => {
  opened = await openConsole();
  ({ page } = opened);
  await page.setViewportSize(VIEWPORT);
}, 60_000);
afterAll(() => opened?.close());

/** The box of `selector` in the viewport's coordinates. */
async function box(selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
}

/** How much of a box lies inside the viewport, in CSS pixels (width, height). */
const inView = (b: { x: number; y: number; width: number; height: number }) => ({
  width: Math.max(0, Math.min(b.x + b.width, VIEWPORT.width) - Math.max(b.x, 0)),
  height: Math.max(0, Math.min(b.y + b.height, VIEWPORT.height) - Math.max(b.y, 0)),
});

describe('the first screen of the console at 1280×800', () => {
  it('shows the unknowns table and the journal together, side by side', async () => {
    const [unknowns, journal] = [await box('#unknowns-table'), await box('#journal')];
    expect(inView(unknowns).width).toBeCloseTo(unknowns.width, 0);
    expect(inView(unknowns).height).toBeGreaterThan(400);
    expect(inView(journal).width).toBeCloseTo(journal.width, 0);
    expect(inView(journal).height).toBeGreaterThan(400);
    expect(journal.x).toBeGreaterThanOrEqual(unknowns.x + unknowns.width);
    const rows = await page
      .locator('#unknowns-table tr.unknown')
      .evaluateAll(
        (trs) => trs.filter((tr) => tr.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
    expect(rows).toBeGreaterThanOrEqual(4); // the table is compact: several unknowns on the first screen
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.info(`the console at 1280 wide: ${height} px tall`);
  });

  it('shows a request of the app in the journal, in view, and keeps it there as the unknowns scroll', async () => {
    const path = specOperation('getVideo').specPath.replace('{videoKey}', 'v-first-screen');
    expect((await fetch(`${opened.server.url}${path}`, { headers: AUTH })).status).toBe(404);
    const row = page.locator('#journal-rows tr', { hasText: path });
    await expect.poll(() => row.count(), { timeout: 5000 }).toBe(1);
    expect(inView(await box(`#journal-rows tr:has-text("${path}")`)).height).toBeGreaterThan(0);
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const journal = await box('#journal');
    expect(journal.y).toBeGreaterThanOrEqual(0);
    expect(inView(journal).height).toBeGreaterThan(400);
    expect(inView(await box(`#journal-rows tr:has-text("${path}")`)).height).toBeGreaterThan(0);
  });

  it('is one column below 1000 px wide', async () => {
    await page.setViewportSize({ width: 800, height: 800 });
    const [unknowns, journal] = [await box('#unknowns-table'), await box('#journal')];
    expect(journal.y).toBeGreaterThan(unknowns.y);
    await page.setViewportSize(VIEWPORT);
  });
});
