/**
 * The console of a mock started with `--admin-token`, in Chromium: the page shows no readings until
 * the token is given in its form; then it reads them and switches one, the token kept in the tab's
 * sessionStorage (never localStorage) and sent as `Authorization: Bearer`; and its journal follows
 * the stream with the token (a fetch, which can send it, where EventSource cannot), not by polling.
 */
import { readingsOf } from '@video-api/schema';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';
import { AUTH } from '../support/api.js';
import { type OpenConsole, openConsole } from './open-console.js';

const ADMIN_TOKEN = 'console-secret';
let opened: OpenConsole;

beforeAll(async () => {
  opened = await openConsole({ adminToken: ADMIN_TOKEN });
}, 60_000);
afterAll(() => opened?.close());

describe('the console with an admin token', () => {
  it('asks for the token, then shows and switches the readings', async () => {
    const { page, server } = opened;
    const playing = page.locator('[data-playing="error-shape"]');
    expect(await playing.textContent()).toBe('(after sign-in)');
    await expect.poll(() => page.locator('#status').textContent()).toContain('401');
    await page.focus('#admin-token');
    await page.keyboard.type(ADMIN_TOKEN);
    await page.keyboard.press('Enter');
    const current = ((await server.app.mock.getReadings()) as Record<string, string>)['error-shape'];
    await expect.poll(() => playing.textContent()).toBe(current);
    const other = readingsOf('error-shape').find((reading) => reading !== current) ?? '';
    await page.selectOption('#pick-error-shape', other);
    await page.focus('#pick-error-shape');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => ((await server.app.mock.getReadings()) as Record<string, string>)['error-shape'])
      .toBe(other);
    const stored = await page.evaluate(() => [sessionStorage.length, localStorage.length]);
    expect(stored).toEqual([1, 0]);
  });

  it('follows the journal over the stream with the token, without polling', async () => {
    const { page, server } = opened;
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.reload(); // the token is in the tab: the page starts with it
    const path = specOperation('getVideo').specPath.replace('{videoKey}', 'v-with-token');
    await expect
      .poll(() => requests.some((r) => r.url().includes('/__mock/journal/stream')), { timeout: 5000 })
      .toBe(true);
    expect((await fetch(`${server.url}${path}`, { headers: AUTH })).status).toBe(404);
    const row = page.locator('#journal-rows tr[data-seq]', { hasText: path });
    await expect.poll(() => row.count(), { timeout: 5000 }).toBe(1);
    await page.waitForTimeout(2500); // long enough for a poll every second to have shown itself twice
    const stream = requests.find((r) => r.url().includes('/__mock/journal/stream'));
    expect(stream?.headers().authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    const polls = requests.filter((r) =>
      /\/__mock\/journal(\?|$)/.test(new URL(r.url()).pathname + new URL(r.url()).search),
    );
    expect(polls.length).toBeLessThanOrEqual(1); // the catch-up when the page opened
  });
});
