/**
 * `GET /`: the console page for a browser (or any client that accepts HTML: curl's `*∕*`, no
 * Accept at all); a client whose Accept names no HTML (`application/json`) gets the JSON 404 it
 * got before the console existed. Served only where the admin API is, since the page works
 * through it. Below a prefix (a sandbox's), the path without its trailing slash is redirected to
 * the one with it, which the page's relative paths need. The page, like the console's files and
 * its script's calls, stays out of the journal, which is for the requests of the app under test.
 */
import type { Hono } from 'hono';
import type { AccessView } from '../control/admin-routes.js';
import type { MockEnv } from '../http/context.js';
import type { RequestPipeline } from '../http/pipeline.js';
import type { MockState } from '../instance/mock-state.js';
import { consoleAssetRoutes } from './console-assets.js';
import { consolePage } from './page.js';

/** Whether an Accept header takes HTML: absent, or naming text/html, text/* or *∕*. */
export function acceptsHtml(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((part) => {
    const [range = '', ...params] = part.split(';').map((text) => text.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
    return !refused && (range === 'text/html' || range === 'text/*' || range === '*/*');
  });
}

/** What the console shows of the instance: the readings of its state, and who may reach it. */
export interface ConsoleDeps extends Pick<MockState, 'readings'> {
  access: () => AccessView;
  /** hls.js, where the platform has it (Node, with the hls.js package installed). */
  playerScript?: () => Uint8Array | undefined;
}

/** Routes the console page and its files. */
export function consoleRoutes(app: Hono<MockEnv>, wrap: RequestPipeline['wrap'], deps: ConsoleDeps): void {
  consoleAssetRoutes(app, deps.playerScript);
  app.get(
    '/',
    wrap((c, next) => {
      if (!acceptsHtml(c.req.header('accept'))) return next().then(() => c.res);
      c.set('unjournalled', true); // the console's page is not a request of the app under test
      // Below a prefix (`/sandboxes/w1`), the page's relative paths need the trailing slash.
      const url = new URL(c.req.url);
      // A Location relative to the path itself (`w1/`), which neither the sandbox nor msw moves.
      const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
      if (last !== '') return c.redirect(`${last}/${url.search}`, 308);
      const access = deps.access();
      const playing = access.adminToken ? undefined : deps.readings.current();
      return c.html(consolePage({ origin: c.get('origin'), access, playing }));
    }),
  );
}
