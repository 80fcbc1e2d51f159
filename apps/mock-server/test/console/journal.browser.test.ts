/**
 * The Journal panel live in Chromium: requests made with a real `curl` against a listening mock
 * appear through the EventSource stream, with no journal polling in the page's network log; a
 * row's request and response open and close with the keyboard; an upload shows as its file part.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';
import type { RunningServer } from '../../src/node/index.js';
import { TOKEN } from '../support/api.js';
import { seriousViolations } from './axe.js';
import { type OpenConsole, openConsole } from './open-console.js';

const run = promisify(execFile);

let opened: OpenConsole;
let server: RunningServer;
let page: Page;
let temp: string;
const requests: Request[] = [];

/** The page's requests for the journal's entries (not the stream, not one entry's bodies). */
const journalFetches = () =>
  requests.filter((request) =>
    /\/__mock\/journal(\?|$)/.test(new URL(request.url()).pathname + new URL(request.url()).search),
  );

async function curl(...args: string[]): Promise<string> {
  const { stdout } = await run('curl', [
    '-sS',
    '--max-time',
    '10',
    '-H',
    `authorization: Bearer ${TOKEN}`,
    ...args,
  ]);
  return stdout;
}

/** The disclosure button of the newest row whose path is `path`, focused, then `key` pressed. */
async function press(path: string, key: string) {
  const row = page.locator('#journal-rows tr[data-seq]', { hasText: path }).first();
  await expect.poll(() => row.count(), { timeout: 5000 }).toBe(1);
  const toggle = row.getByRole('button');
  await toggle.focus();
  await page.keyboard.press(key);
  return { row, toggle, seq: await row.getAttribute('data-seq') };
}

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'journal-console-'));
  opened = await openConsole();
  ({ server, page } = opened);
  page.on('request', (request) => requests.push(request));
  await page.reload(); // so that the log holds the page's requests from its start
}, 60_000);
afterAll(async () => {
  await opened?.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('the Journal panel in Chromium', () => {
  it('shows a request made with curl through the stream, without polling the journal', async () => {
    const [key = ''] = await server.app.mock.seed([{ title: 'For curl' }]);
    const path = specOperation('updateCustomFields').specPath.replace('{videoKey}', key);
    const sent = '{"simpleCustomFields":{"speaker":"Ada","room":7}}';
    const answer = await curl(
      '-X',
      'PUT',
      '-H',
      'content-type: application/json',
      '--data',
      sent,
      `${server.url}${path}`,
    );
    const row = page.locator('#journal-rows tr[data-seq]', { hasText: path });
    await expect.poll(() => row.count(), { timeout: 5000 }).toBe(1);
    // Long enough for a poll every second to have shown itself twice.
    await page.waitForTimeout(2500);
    const streams = requests.filter((request) => request.url().includes('/__mock/journal/stream'));
    expect(streams.map((request) => request.resourceType())).toContain('eventsource');
    expect(journalFetches().length).toBeLessThanOrEqual(1); // the catch-up when the page opened

    const { toggle, seq } = await press(path, 'Enter');
    const detail = page.locator(`#detail-${seq}`);
    await expect.poll(() => detail.count(), { timeout: 5000 }).toBe(1);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await detail.locator('pre.body').first().textContent()).toBe(sent);
    expect(await detail.locator('pre.body').nth(1).textContent()).toBe(answer);
    expect(await detail.locator('pre.headers').first().textContent()).toContain(
      'authorization: Bearer [redacted]',
    );
    expect(await detail.textContent()).not.toContain(TOKEN);
    await page.keyboard.press('Space');
    await expect.poll(() => detail.count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows an upload made with curl -F as its file part, and keeps the filters working', async () => {
    const [key = ''] = await server.app.mock.seed([{ title: 'Upload from curl' }]);
    const file = join(temp, 'clip.bin');
    writeFileSync(file, Buffer.alloc(3000, 7));
    const path = specOperation('uploadVideoSource').specPath.replace('{videoKey}', key);
    await curl('-F', `file=@${file};type=video/mp4`, `${server.url}${path}`);
    const { seq } = await press(path, 'Enter');
    const body = page.locator(`#detail-${seq} pre.body`).first();
    await expect.poll(() => body.count(), { timeout: 5000 }).toBe(1);
    expect(await body.textContent()).toContain('file = clip.bin (video/mp4, 3000 bytes)');

    await page.selectOption('#filter-operation', 'getVideo');
    await expect.poll(() => page.locator('#journal-rows tr[data-seq]', { hasText: path }).count()).toBe(0);
    const getPath = specOperation('getVideo').specPath.replace('{videoKey}', key);
    await curl(`${server.url}${getPath}`);
    const shown = page.locator('#journal-rows tr[data-seq]', { hasText: getPath });
    await expect.poll(() => shown.count(), { timeout: 5000 }).toBe(1);
    await page.selectOption('#filter-operation', '');
    await expect.poll(() => page.locator('#journal-rows tr[data-seq]', { hasText: path }).count()).toBe(1);
    expect(journalFetches().length).toBeLessThanOrEqual(1);
  });

  it('has no serious or critical accessibility violation with a row open (axe-core)', async () => {
    expect(await seriousViolations(page)).toEqual([]);
  });
});
