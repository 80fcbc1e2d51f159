/**
 * The console as a user opens it: the mock started with `startServer` on a free port, and its `/`
 * in a new tab of headless Chromium; `close()` stops both.
 */
import { type Chromium, launchChromium } from '@video-api/test-support';
import type { Page } from 'playwright-core';
import { type RunningServer, type ServerOptions, startServer } from '../../src/node/index.js';

export interface OpenConsole {
  server: RunningServer;
  page: Page;
  close(): Promise<void>;
}

export async function openConsole(options: ServerOptions = {}): Promise<OpenConsole> {
  const [server, chromium]: [RunningServer, Chromium] = await Promise.all([
    startServer({ port: 0, realTimeClock: false, ...options }),
    launchChromium(),
  ]);
  const page = await chromium.context.newPage();
  await page.goto(`${server.url}/`);
  return {
    server,
    page,
    async close() {
      await chromium.close();
      await server.close();
    },
  };
}
