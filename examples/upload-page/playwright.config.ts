/**
 * Playwright on the machine's Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) against three
 * web servers: the page's Vite dev server, the same page with the mock inside it (`--mode msw`) and
 * `npx video-api-mock`, all stopped Playwright's default way (SIGKILL). 4 workers share the one
 * mock; each works in a sandbox of its own (e2e/fixtures.ts).
 */
import { defineConfig } from '@playwright/test';
import { MOCK_PORT, MOCK_URL, MSW_PAGE_PORT, MSW_PAGE_URL, PAGE_PORT, PAGE_URL } from './e2e/servers';

export default defineConfig({
  testDir: 'e2e',
  workers: 4,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  timeout: 90_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: PAGE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `npx vite --port ${PAGE_PORT} --strictPort`,
      url: PAGE_URL,
      reuseExistingServer: !process.env.CI,
    },
    {
      // The page with the mock inside it (the mock's README, "The msw worker in a Vite dev server").
      command: `npx msw init public --no-save && npx vite --mode msw --port ${MSW_PAGE_PORT} --strictPort`,
      url: MSW_PAGE_URL,
      reuseExistingServer: !process.env.CI,
    },
    {
      command: `npx video-api-mock --port ${MOCK_PORT} --log-level error`,
      url: `${MOCK_URL}/openapi.json`,
      reuseExistingServer: !process.env.CI,
    },
  ],
});
