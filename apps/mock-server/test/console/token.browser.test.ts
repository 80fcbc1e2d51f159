/**
 * The console of a mock started with `--admin-token`, in Chromium: the page shows no readings until
 * the token is given in its form; then it reads them and switches one, the token kept in the tab's
 * sessionStorage (never localStorage) and sent as `Authorization: Bearer`.
 */
import { readingsOf } from '@video-api/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const current = (server.app.mock.getReadings() as Record<string, string>)['error-shape'];
    await expect.poll(() => playing.textContent()).toBe(current);
    const other = readingsOf('error-shape').find((reading) => reading !== current) ?? '';
    await page.selectOption('#pick-error-shape', other);
    await page.focus('#pick-error-shape');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => (server.app.mock.getReadings() as Record<string, string>)['error-shape'])
      .toBe(other);
    const stored = await page.evaluate(() => [sessionStorage.length, localStorage.length]);
    expect(stored).toEqual([1, 0]);
  });
});
