/**
 * `/openapi.json` (the bundled spec with this server as its server) and `/docs`: swagger-ui where
 * the platform has its files (under Node: the swagger-ui-dist package when it is installed, an
 * optional peer, src/node/assets/docs-assets.ts), else the mock's own reference page (reference-page.ts),
 * which `/docs/reference` always serves. Both come from the mock itself: no CDN, no network.
 */
import { openapiDocument } from '@video-api/schema/openapi';
import type { Hono } from 'hono';
import { SWAGGER_INIT_SCRIPT } from '../generated/docs-bundle.js';
import type { MockEnv } from '../http/context.js';
import type { RequestPipeline } from '../http/pipeline.js';
import { referencePage } from './reference-page.js';

/** The files of swagger-ui the page loads, with their media types. */
export const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Reads one of DOCS_ASSETS, or undefined where the platform has no copy of swagger-ui. */
export type DocsAssets = (name: string) => Uint8Array | undefined;

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

const SWAGGER_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Video API mock: reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" href="/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/swagger-ui-standalone-preset.js"></script>
<script src="/docs/swagger-init.js"></script>
</body>
</html>
`;

/** The routes of the spec and its reference; swagger-ui's page only where `assets` has its files. */
export function docsRoutes(app: Hono<MockEnv>, wrap: RequestPipeline['wrap'], assets: DocsAssets): void {
  const cache = new Map<string, Uint8Array>();
  const read = (asset: string) => {
    const bytes = cache.get(asset) ?? assets(asset);
    if (bytes) cache.set(asset, bytes);
    return bytes;
  };
  app.get(
    '/openapi.json',
    wrap((c) => c.json(specFor(c.get('origin')))),
  );
  app.get(
    '/docs',
    wrap((c) =>
      c.html(read('swagger-ui-bundle.js') ? SWAGGER_PAGE : referencePage(specFor(c.get('origin')))),
    ),
  );
  app.get(
    '/docs/',
    wrap((c) => c.redirect('/docs')),
  );
  // `/docs/reference` is read here, not routed beside `:asset`: a static name beside a `:param` at
  // one level moves Hono off its RegExpRouter for every request (test/http/router.test.ts).
  app.get(
    '/docs/:asset',
    wrap((c, next) => {
      const asset = c.req.param('asset') ?? '';
      if (asset === 'reference') return c.html(referencePage(specFor(c.get('origin'))));
      if (asset === 'swagger-init.js')
        // swagger-ui's start (src/api/browser/swagger-init.ts)
        return c.body(SWAGGER_INIT_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' });
      const type = DOCS_ASSETS[asset];
      const bytes = type === undefined ? undefined : read(asset);
      if (!type || !bytes) return next().then(() => c.res);
      return c.body(bytes.slice(), 200, { 'content-type': type, 'cache-control': 'public, max-age=3600' });
    }),
  );
}
