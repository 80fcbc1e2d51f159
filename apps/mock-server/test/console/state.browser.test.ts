/**
 * The console's Webhooks and Faults panels in Chromium, with the keyboard: a webhook target
 * registered in the page receives the next event; an event given up (its receiver refuses) is
 * redelivered from the page; a fault rule added in the page changes the next answer, and removed
 * from the page stops doing so.
 */
import { refusedUrl } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOperation } from '../../src/http/operations.js';
import { AUTH } from '../support/api.js';
import { type OpenConsole, openConsole } from './open-console.js';

let opened: OpenConsole;

beforeAll(async () => {
  opened = await openConsole({ webhookRetry: { attempts: 1 } });
}, 60_000);
afterAll(() => opened?.close());

describe('the Webhooks and Faults panels in Chromium', () => {
  it('registers a target, lists the given-up event and redelivers it', async () => {
    const { page, server } = opened;
    const url = `${await refusedUrl()}/hooks`;
    await page.focus('#target-url');
    await page.keyboard.type(url);
    await page.keyboard.press('Enter');
    await expect.poll(() => server.app.mock.webhooks.list().map((target) => target.url)).toEqual([url]);
    const [key = ''] = await server.app.mock.seed([{ title: 'Given up' }]);
    await server.app.mock.makeReady(key);
    const readyEvent = () =>
      server.app.mock.webhooks.givenUp().find((given) => given.event === 'video.ready');
    await expect.poll(readyEvent, { timeout: 10_000 }).toBeDefined();
    const event = readyEvent();
    const redeliver = page.getByRole('button', { name: `Redeliver ${event?.eventId}` });
    await expect.poll(() => redeliver.count(), { timeout: 5000 }).toBe(1);
    const attempts = () =>
      server.app.mock.webhooks.deliveries().filter((attempt) => attempt.eventId === event?.eventId).length;
    const before = attempts();
    await redeliver.focus();
    await page.keyboard.press('Enter');
    await expect.poll(attempts, { timeout: 10_000 }).toBe(before + 1);
  });

  it('adds a fault rule that changes the next answer, and removes it', async () => {
    const { page, server } = opened;
    const path = `${server.url}${specOperation('getVideo').specPath.replace('{videoKey}', 'v-any')}`;
    await page.fill('#fault-rule', JSON.stringify({ route: 'getVideo', errorRate: 1, errorStatus: 503 }));
    await page.focus('#fault-rule');
    await page.keyboard.press('Enter');
    await expect.poll(() => server.app.mock.faults.list().length).toBe(1);
    expect((await fetch(path, { headers: AUTH })).status).toBe(503);
    const remove = page.getByRole('button', { name: 'Remove rule 1' });
    await expect.poll(() => remove.count(), { timeout: 5000 }).toBe(1);
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => server.app.mock.faults.list().length).toBe(0);
    expect((await fetch(path, { headers: AUTH })).status).toBe(404);
  });
});
