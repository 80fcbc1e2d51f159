/**
 * `/openapi.json` (the bundled spec with this server as its server) and `/docs`: the mock's own
 * reference page (reference-page.ts), the same on every platform (Node, a browser under msw, an edge
 * runtime), from the mock itself: no CDN, no network, no script. `/docs/reference`, where the page
 * was before it became `/docs`, answers a permanent redirect to it for the links people kept.
 */
import { openapiDocument } from '@video-api/schema/openapi';
import type { Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import type { RequestPipeline } from '../http/pipeline.js';
import { referencePage } from './reference-page.js';

/**
 * The bundled spec with `origin` as the server of every operation (the upload host included); an
 * unknown that marks an operation's server (the upload host) stays on the server that replaces it.
 */
function specFor(origin: string): Record<string, unknown> {
  const document = structuredClone(openapiDocument) as Record<string, unknown> & {
    paths?: Record<string, Record<string, { servers?: Record<string, unknown>[] }>>;
  };
  document.servers = [{ url: origin, description: 'This mock server' }];
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (operation && typeof operation === 'object' && Array.isArray(operation.servers)) {
        const marker = operation.servers[0]?.['x-unspecified'];
        operation.servers = [
          {
            url: origin,
            description: 'This mock server (uploads too)',
            ...(marker !== undefined && { 'x-unspecified': marker }),
          },
        ];
      }
    }
  }
  return document;
}

/** The routes of the spec and its reference page. */
export function docsRoutes(app: Hono<MockEnv>, wrap: RequestPipeline['wrap']): void {
  app.get(
    '/openapi.json',
    wrap((c) => c.json(specFor(c.get('origin')))),
  );
  app.get(
    '/docs',
    wrap((c) => c.html(referencePage(specFor(c.get('origin'))))),
  );
  app.get(
    '/docs/',
    wrap((c) => c.redirect('/docs')),
  );
  // Relative to the path itself, so it stays below a sandbox's prefix and msw's base URL; the
  // browser keeps the fragment (`docs/reference#unknown-<id>` lands at `docs#unknown-<id>`).
  app.get(
    '/docs/reference',
    wrap((c) => c.redirect('../docs', 301)),
  );
}
