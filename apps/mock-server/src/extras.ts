/** Routes beside the four operations: playback (HLS), the admin API, /openapi.json and /docs. */
import type { Hono } from 'hono';
import { adminRoutes } from './control/admin-routes.js';
import type { MockCore } from './core.js';
import { docsRoutes } from './api/docs.js';
import { playbackRoutes } from './playback/routes.js';
import type { RequestPipeline } from './http/pipeline.js';
import type { MockControl, MockEnv } from './types.js';
import { webhookAdminRoutes } from './webhooks/index.js';

export const ADMIN_PREFIX = '/__mock';

/** Playback and docs run inside the request pipeline (wrapped); the admin API behind its middleware. */
export function mountExtras(
  app: Hono<MockEnv>,
  core: MockCore,
  control: MockControl,
  pipeline: Pick<RequestPipeline, 'wrap' | 'middleware'>,
): void {
  playbackRoutes(app, core, pipeline.wrap);
  docsRoutes(app, pipeline.wrap);
  if (core.options.admin) {
    app.use(`${ADMIN_PREFIX}/*`, pipeline.middleware);
    app.route(ADMIN_PREFIX, adminRoutes(core, control, { '/webhooks': webhookAdminRoutes(core.webhooks) }));
  }
}
