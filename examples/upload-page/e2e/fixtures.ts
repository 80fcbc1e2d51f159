/**
 * Each Playwright worker gets a sandbox of the one mock: the path prefix `/sandboxes/<name>` names
 * it on every route (playback and the admin API included), so its keys, clock, readings and resets
 * are its own. The page is opened with `?api=<the sandbox's base URL>`.
 */
import { test as base, expect } from '@playwright/test';
import { MOCK_URL } from './servers';

export interface Sandbox {
  name: string;
  /** The API's base URL inside the sandbox. */
  baseUrl: string;
}

export const TOKEN = 'mock-token';
export const auth = { authorization: `Bearer ${TOKEN}` };

/** The base URL of the sandbox `name`. */
export const sandboxUrl = (name: string) => `${MOCK_URL}/sandboxes/${name}`;

export const test = base.extend<{ openPage: () => Promise<void> }, { sandbox: Sandbox }>({
  sandbox: [
    async ({ playwright }, use, workerInfo) => {
      const name = `worker-${workerInfo.workerIndex}`;
      const request = await playwright.request.newContext();
      const reset = await request.post(`${sandboxUrl(name)}/__mock/reset`);
      expect(reset.ok(), await reset.text()).toBe(true);
      await request.dispose();
      await use({ name, baseUrl: sandboxUrl(name) });
    },
    { scope: 'worker' },
  ],
  openPage: async ({ page, sandbox }, use) => {
    await use(async () => {
      await page.goto(`/?api=${encodeURIComponent(sandbox.baseUrl)}`);
    });
  },
});

export { expect };
