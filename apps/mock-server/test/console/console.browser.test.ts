/**
 * The console in a real browser (Debian's Chromium through playwright-core), against the mock as a
 * user starts it: a reading switched with the keyboard changes the next answer to a request made
 * from Node; a request made from Node appears in the journal; the clock advances from the page; a
 * ready video plays in hls.js, which the mock serves;
 * axe-core in the page finds no serious or critical accessibility violation.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readingsOf } from '@video-api/schema';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';
import type { RunningServer } from '../../src/node/index.js';
import { AUTH } from '../support/api.js';
import { type OpenConsole, openConsole } from './open-console.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let opened: OpenConsole;
let server: RunningServer;
let page: Page;

beforeAll(async () => {
  opened = await openConsole();
  ({ server, page } = opened);
}, 60_000);
afterAll(() => opened?.close());

describe('the console in Chromium', () => {
  it('switches a reading with the keyboard, and the next answer plays it', async () => {
    const [first, second] = readingsOf('status-codes');
    expect(await page.locator('[data-playing="status-codes"]').textContent()).toBe(first);
    await page.focus('#pick-status-codes');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-playing="status-codes"]').textContent()).toBe(second);
    const create = specOperation('createVideos');
    const res = await fetch(`${server.url}${create.specPath}`, {
      method: create.method,
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ projectKey: 'demo', videos: [{ title: 'After the switch' }] }),
    });
    expect(res.headers.get('x-mock-readings')).toContain(`status-codes=${second}`);
  });

  it('shows a request made from Node in the journal within seconds', async () => {
    const path = specOperation('getVideo').specPath.replace('{videoKey}', 'v-from-node');
    const res = await fetch(`${server.url}${path}`, { headers: AUTH });
    expect(res.status).toBe(404);
    const row = page.locator('#journal-rows tr', { hasText: path });
    await expect.poll(() => row.count(), { timeout: 5000 }).toBe(1);
    expect(await row.textContent()).toContain('404');
  });

  it('lists a seeded video and advances the clock from the page', async () => {
    await server.app.mock.seed([{ title: 'Seeded for the console' }]);
    const rows = page.locator('#video-rows tr', { hasText: 'Seeded for the console' });
    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(1);
    const before = await server.app.mock.now();
    await page.fill('#advance-ms', '5000');
    await page.focus('#advance-ms');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await server.app.mock.now()) - before).toBe(5000);
  });

  it('plays a ready video in hls.js, served by the mock', async () => {
    const [key = ''] = await server.app.mock.seed([{ title: 'Ready to play', phase: 'ready' }]);
    const play = page.getByRole('button', { name: `Play ${key}` });
    await expect.poll(() => play.count(), { timeout: 5000 }).toBe(1);
    await play.focus();
    await page.keyboard.press('Enter');
    const player = page.locator('#player');
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    expect(await player.getAttribute('data-player')).toBe('hls.js');
  });

  it('has no serious or critical accessibility violation (axe-core)', async () => {
    await page.addScriptTag({ content: AXE_SOURCE });
    const violations = await page.evaluate(async () => {
      const axe = (
        globalThis as unknown as {
          axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
        }
      ).axe;
      return (await axe.run()).violations.map(({ id, impact, nodes }) => ({
        id,
        impact,
        nodes: nodes.length,
      }));
    });
    expect(violations.filter(({ impact }) => impact === 'serious' || impact === 'critical')).toEqual([]);
  });
});
