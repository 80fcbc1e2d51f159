/**
 * Screenshots of each panel of the console for the README, made in Debian's Chromium (through
 * playwright-core) against a mock in a realistic state (console-state.ts): one PNG per panel,
 * cropped to it, into docs/console/ (or the folder given as the first argument).
 *
 *   pnpm --filter @video-api/mock-server run screenshots [-- OUT_DIR]
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@video-api/test-support';
import type { Page } from 'playwright-core';
import { defaultsReport, SWITCHED, seededMock } from './console-state.js';

/** The panels shown, each a PNG of that name. */
export const PANELS = ['unknowns', 'report', 'journal', 'videos', 'webhooks', 'faults', 'reference'] as const;
export type Panel = (typeof PANELS)[number];

/** The window the console is shown in: the two columns of its layout. */
const VIEWPORT = { width: 1280, height: 800 };
/** The widest and tallest a screenshot is (CSS pixels at scale 1), so each stays small. */
const WIDTH = 1000;
const MAX_HEIGHT = 640;
const MARGIN = 8;

/** Screenshots the region of `selector` (its top, at most `maxHeight` of it) into `path`. */
async function shoot(page: Page, selector: string, path: string, maxHeight = MAX_HEIGHT): Promise<void> {
  const element = page.locator(selector).first();
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (!box) throw new Error(`console-screenshots: ${selector} is not shown on ${page.url()}`);
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.screenshot({
    path,
    fullPage: true,
    clip: {
      x: Math.max(0, box.x - MARGIN),
      y: Math.max(0, box.y + scrollY - MARGIN),
      width: Math.min(WIDTH, box.width + 2 * MARGIN),
      height: Math.min(maxHeight, box.height + 2 * MARGIN),
    },
  });
}

/** Plays the ready video in the Videos panel until it has played half a second. */
async function play(page: Page, key: string): Promise<void> {
  await page.getByRole('button', { name: `Play ${key}` }).click({ timeout: 10_000 });
  await page.waitForFunction(
    () => ((document.getElementById('player') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5,
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => (document.getElementById('player') as HTMLVideoElement).pause());
}

/** Makes one PNG per panel into `outDir`; resolves with their paths, in PANELS order. */
export async function consoleScreenshots(outDir: string): Promise<Record<Panel, string>> {
  mkdirSync(outDir, { recursive: true });
  const file = (panel: Panel) => join(outDir, `${panel}.png`);
  const { server, readyKey } = await seededMock();
  const chromium = await launchChromium(['--force-color-profile=srgb', '--hide-scrollbars']);
  try {
    const page = await chromium.context.newPage();
    await page.setViewportSize(VIEWPORT);
    await page.goto(`${server.url}/`);
    // Wait for what the script fills in: the journal, the videos, the given-up event, the rule.
    await page.locator('#journal-rows tr').nth(5).waitFor();
    await page.getByRole('button', { name: `Play ${readyKey}` }).waitFor();
    await page.locator('#webhooks button', { hasText: 'Redeliver' }).first().waitFor();
    await page.locator('#faults button', { hasText: 'Remove' }).first().waitFor();
    await shoot(page, '#unknowns', file('unknowns'));
    await shoot(page, '#journal', file('journal'));
    await play(page, readyKey);
    await shoot(page, '#videos', file('videos'), 760); // the table, and the player below it
    await shoot(page, '#webhooks', file('webhooks'));
    await shoot(page, '#faults', file('faults'));
    await page.setInputFiles('#report-file', {
      name: 'report.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(defaultsReport())),
    });
    await page.locator(`[data-reported="${SWITCHED.id}"]`, { hasText: 'observed' }).waitFor();
    await shoot(page, `#unknowns-table tbody:has(#unknown-${SWITCHED.id})`, file('report')); // its section
    await page.goto(`${server.url}/docs#unknown-${SWITCHED.id}`);
    await shoot(page, `#op-getVideo`, file('reference'));
  } finally {
    await chromium.close();
    await server.close();
  }
  return Object.fromEntries(PANELS.map((panel) => [panel, file(panel)])) as Record<Panel, string>;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? fileURLToPath(new URL('../docs/console/', import.meta.url)));
  const files = await consoleScreenshots(outDir);
  for (const path of Object.values(files)) process.stdout.write(`${path}\n`);
}
