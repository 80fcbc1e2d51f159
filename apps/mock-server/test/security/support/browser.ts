/**
 * Chromium as a developer's browser with other sites open: made-up names (`evil.test`,
 * `rebind.test`) resolve to 127.0.0.1 (`--host-resolver-rules`), so a second local server is
 * reached as another site, and a page of any origin runs its own script against the mock.
 */
import { type Chromium, type Listening, launchChromium, listenHttp } from '@video-api/test-support';
import type { Page } from 'playwright-core';

/** The names Chromium resolves to 127.0.0.1: a site the developer happens to open, and a rebinding one. */
export const EVIL = 'evil.test';
export const REBIND = 'rebind.test';

const RESOLVER_RULES = `--host-resolver-rules=MAP ${EVIL} 127.0.0.1, MAP ${REBIND} 127.0.0.1`;

/** A blank HTML page at every path: the origin a page's script runs in. */
export function servePages(): Promise<Listening> {
  return listenHttp((_request, response) => {
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>page</title>');
  });
}

export interface Browser {
  /** A new tab at `url` (a page of `servePages` or of the mock). */
  open(url: string): Promise<Page>;
  close(): Promise<void>;
}

/** Launches Chromium with the made-up names mapped; every tab it opened closes with it. */
export async function launchBrowser(): Promise<Browser> {
  const chromium: Chromium = await launchChromium([RESOLVER_RULES]);
  return {
    async open(url) {
      const page = await chromium.context.newPage();
      await page.goto(url);
      return page;
    },
    close: () => chromium.close(),
  };
}
