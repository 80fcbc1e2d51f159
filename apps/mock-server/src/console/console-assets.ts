/**
 * The console's own files, served by the mock (no CDN): its script and style (bundled from
 * ./browser/ into src/generated/console-bundle.ts by scripts/generate-browser.ts), its icon (also at
 * `/favicon.ico`, which browsers ask for), and hls.js where the platform has it. The page names the
 * script and style with their hash (`?v=`): such an address is cached for good, any other revalidated
 * (an ETag of the hash). These requests never reach the journal.
 */
import type { Context, Hono } from 'hono';
import {
  CONSOLE_ICON,
  CONSOLE_ICON_HASH,
  CONSOLE_SCRIPT,
  CONSOLE_SCRIPT_HASH,
  CONSOLE_STYLE,
  CONSOLE_STYLE_HASH,
} from '../generated/console-bundle.js';
import type { MockEnv } from '../http/context.js';
import { PLAYER_SCRIPT_PATH } from './browser/paths.js';

/** Where the page loads its script, style and icon from, relative to the page. */
const SCRIPT_PATH = 'console/console.js';
const STYLE_PATH = 'console/console.css';
const ICON_PATH = 'console/icon.svg';

const FILES: Record<string, { body: string; type: string; hash: string }> = {
  [SCRIPT_PATH]: { body: CONSOLE_SCRIPT, type: 'text/javascript; charset=utf-8', hash: CONSOLE_SCRIPT_HASH },
  [STYLE_PATH]: { body: CONSOLE_STYLE, type: 'text/css; charset=utf-8', hash: CONSOLE_STYLE_HASH },
};

/** The addresses the page loads its script, style and icon from: each with its hash. */
export const CONSOLE_SCRIPT_URL = `${SCRIPT_PATH}?v=${CONSOLE_SCRIPT_HASH}`;
export const CONSOLE_STYLE_URL = `${STYLE_PATH}?v=${CONSOLE_STYLE_HASH}`;
export const CONSOLE_ICON_URL = `${ICON_PATH}?v=${CONSOLE_ICON_HASH}`;

/** Answers a file of the console: 304 where the browser has it, cached for good under its hash. */
function answer(c: Context<MockEnv>, { body, type, hash }: (typeof FILES)[string]): Response {
  const etag = `"${hash}"`;
  const cache = c.req.query('v') === hash ? 'public, max-age=31536000, immutable' : 'no-cache';
  const headers = { etag, 'cache-control': cache };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return c.body(body, 200, { ...headers, 'content-type': type });
}

/** Routes the console's script, style and icon, and hls.js where `player` reads it (else that path is a 404). */
export function consoleAssetRoutes(app: Hono<MockEnv>, player?: () => Uint8Array | undefined): void {
  for (const [path, file] of Object.entries(FILES)) app.get(`/${path}`, (c) => answer(c, file));
  const icon = { body: CONSOLE_ICON, type: 'image/svg+xml', hash: CONSOLE_ICON_HASH };
  for (const path of [`/${ICON_PATH}`, '/favicon.ico']) app.get(path, (c) => answer(c, icon));
  if (!player) return;
  app.get(`/${PLAYER_SCRIPT_PATH}`, (c) => {
    const script = player();
    if (!script) return c.notFound();
    return c.body(script.slice(), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    });
  });
}
