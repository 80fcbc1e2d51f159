/**
 * The console's own files, served by the mock (no CDN): their paths relative to the page, and the
 * routes that answer them with their media types; hls.js where the platform has it.
 */
import type { Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import { CONSOLE_SCRIPT } from './console-script.js';
import { CONSOLE_STYLE } from './console-style.js';
import { PLAYER_SCRIPT_PATH } from './player-script.js';

/** Where the page loads its script and style from, relative to the page. */
export const CONSOLE_SCRIPT_PATH = 'console/console.js';
export const CONSOLE_STYLE_PATH = 'console/console.css';

const FILES: Record<string, { body: string; type: string }> = {
  [CONSOLE_SCRIPT_PATH]: { body: CONSOLE_SCRIPT, type: 'text/javascript; charset=utf-8' },
  [CONSOLE_STYLE_PATH]: { body: CONSOLE_STYLE, type: 'text/css; charset=utf-8' },
};

/** Routes the console's script and style, and hls.js where `player` reads it (else that path is a 404). */
export function consoleAssetRoutes(app: Hono<MockEnv>, player?: () => Uint8Array | undefined): void {
  for (const [path, { body, type }] of Object.entries(FILES))
    app.get(`/${path}`, (c) => c.body(body, 200, { 'content-type': type, 'cache-control': 'no-cache' }));
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
