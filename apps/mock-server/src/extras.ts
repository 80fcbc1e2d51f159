/** Routes beside the four operations: playback (HLS), the admin API, /openapi.json and /docs. */
import type { Hono } from 'hono';
import { adminRoutes } from './admin/routes.js';
import type { MockCore } from './core.js';
import { docsRoutes } from './docs.js';
import { playbackRoutes } from './playback/routes.js';
import type { MockControl, MockEnv } from './types.js';
import { webhookAdminRoutes } from './webhooks/index.js';

export const ADMIN_PREFIX = '/__mock';

export function mountExtras(app: Hono<MockEnv>, core: MockCore, control: MockControl): void {
  playbackRoutes(app, core);
  docsRoutes(app);
  if (core.options.admin) {
    app.route(ADMIN_PREFIX, adminRoutes(core, control, { '/webhooks': webhookAdminRoutes(core.webhooks) }));
  }
}
