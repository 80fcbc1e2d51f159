/**
 * The newcomer's acceptance (issue 27), in Chromium: the mock started as `npm start` starts it
 * (its CLI from sources, from the repository's root, default options but a free port, since the machine is shared), the
 * console's URL and the token read from what it prints, that URL opened in the browser: every
 * unknown of the spec's registry is on the page with the reading it plays; one switched in the
 * page with the keyboard changes the next API answer.
 */
import { fileURLToPath } from 'node:url';
import { readingsOf, type UnspecifiedMarker, unspecified } from '@video-api/schema';
import {
  type Chromium,
  launchChromium,
  type ServedProcess,
  serveProcess,
  sourceArgs,
} from '@video-api/test-support';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';

const BIN = sourceArgs(fileURLToPath(new URL('../../src/node/bin.ts', import.meta.url)));
const MARKERS = Object.values(unspecified) as readonly UnspecifiedMarker[];

let mock: ServedProcess;
let browser: Chromium;
let page: Page;
let consoleUrl: string;
let token: string;

beforeAll(async () => {
  [mock, browser] = await Promise.all([
    serveProcess(process.execPath, [...BIN, '--port', '0'], {
      // The repository's root, where `npm start` runs it: no tsconfig of the package applies there.
      cwd: fileURLToPath(new URL('../../../..', import.meta.url)),
      ready: /console:\s+(http:\/\/\S+)/,
    }),
    launchChromium(),
  ]);
  consoleUrl = mock.url;
  token = /token:\s+(\S+)/.exec(mock.output())?.[1] ?? '';
  page = await browser.context.newPage();
  await page.goto(consoleUrl);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  expect(await mock?.stop()).toBe(0);
});

/** The members of the video record a reading of `readiness-field` adds, from its meaning in the spec. */
const membersOf = (reading: string): string[] => {
  const meaning: Readonly<Record<string, { schema?: { type?: unknown; required?: readonly string[] } }>> =
    unspecified['readiness-field'].meaning;
  return [...(meaning[reading]?.schema?.required ?? [])];
};

describe('a newcomer opens the URL the mock prints', () => {
  it('prints the console at its base URL, with the token', () => {
    expect(consoleUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(token).not.toBe('');
  });

  it('shows every unknown of the spec, each with the reading it plays', async () => {
    expect(await page.locator('#unknowns tr.unknown').count()).toBe(MARKERS.length);
    for (const marker of MARKERS) {
      const row = page.locator(`tr[id="unknown-${marker.id}"]`);
      expect(await row.locator('blockquote').textContent(), marker.id).toBe(marker.says);
      if (marker.mock === undefined) continue;
      expect(await row.locator(`[data-playing="${marker.id}"]`).textContent(), marker.id).toBe(marker.mock);
    }
  });

  it('switches one in the page, and the next API answer changes', async () => {
    const [playing, next] = readingsOf('readiness-field');
    const create = specOperation('createVideos');
    const auth = { authorization: `Bearer ${token}` };
    const created = await fetch(`${consoleUrl.replace(/\/$/, '')}${create.specPath}`, {
      method: create.method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ projectKey: 'newcomer', videos: [{ title: 'First try' }] }),
    });
    const [{ key }] = (await created.json()) as [{ key: string }]; // §4.1: the created records, in order
    const get = () =>
      fetch(`${consoleUrl}${specOperation('getVideo').specPath.slice(1).replace('{videoKey}', key)}`, {
        headers: auth,
      });
    const before = await get();
    expect(before.headers.get('x-mock-readings')).toContain(`readiness-field=${playing}`);
    expect(Object.keys(await before.json())).toEqual(expect.arrayContaining(membersOf(playing as string)));

    await page.focus('#pick-readiness-field');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-playing="readiness-field"]').textContent()).toBe(next);

    const after = await get();
    expect(after.headers.get('x-mock-readings')).toContain(`readiness-field=${next}`);
    const members = Object.keys(await after.json());
    expect(members).toEqual(expect.arrayContaining(membersOf(next as string)));
    expect(members).not.toEqual(expect.arrayContaining(membersOf(playing as string)));
  });
});
