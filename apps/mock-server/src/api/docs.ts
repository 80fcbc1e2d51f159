/**
 * `/openapi.json` (the bundled spec with this server as its server) and `/docs` (swagger-ui, its
 * files served by the mock itself: no CDN, no network). Where the files come from is the
 * platform's business (under Node: the swagger-ui-dist package, src/node/docs-assets.ts).
 */
import { openapiDocument } from '@video-api/schema/openapi';
import type { Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import type { RequestPipeline } from '../http/pipeline.js';

/** The files of swagger-ui the page loads, with their media types. */
export const DOCS_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Reads one of DOCS_ASSETS, or undefined where the platform has no copy of swagger-ui. */
export type DocsAssets = (name: string) => Uint8Array | undefined;

/** The bundled spec with `origin` as the server of every operation (the upload host included). */
export function specFor(origin: string): Record<string, unknown> {
  const document = structuredClone(openapiDocument) as Record<string, unknown> & {
    paths?: Record<string, Record<string, { servers?: unknown }>>;
  };
  document.servers = [{ url: origin, description: 'This mock server' }];
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (operation && typeof operation === 'object' && 'servers' in operation) {
        operation.servers = [{ url: origin, description: 'This mock server (uploads too)' }];
      }
    }
  }
  return document;
}

const PAGE = `<!doctype html>
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
<script>
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
  persistAuthorization: false,
});
</script>
</body>
</html>
`;

export function docsRoutes(app: Hono<MockEnv>, wrap: RequestPipeline['wrap'], assets: DocsAssets): void {
  const cache = new Map<string, Uint8Array>();
  app.get(
    '/openapi.json',
    wrap((c) => c.json(specFor(c.get('origin')))),
  );
  app.get(
    '/docs',
    wrap((c) => c.html(PAGE)),
  );
  app.get(
    '/docs/',
    wrap((c) => c.redirect('/docs')),
  );
  app.get(
    '/docs/:asset',
    wrap((c, next) => {
      const asset = c.req.param('asset') ?? '';
      const type = DOCS_ASSETS[asset];
      const bytes = type === undefined ? undefined : (cache.get(asset) ?? assets(asset));
      if (!type || !bytes) return next().then(() => c.res);
      cache.set(asset, bytes);
      return c.body(bytes.slice(), 200, { 'content-type': type, 'cache-control': 'public, max-age=3600' });
    }),
  );
}
