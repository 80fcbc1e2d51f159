/** Routes beside the four operations: playback (HLS), the admin API, /openapi.json and /docs. */
import type { Hono } from 'hono';
import type { MockCore } from './core.js';
import { playbackRoutes } from './playback/routes.js';
import type { MockControl, MockEnv } from './types.js';

export function mountExtras(app: Hono<MockEnv>, core: MockCore, _control: MockControl): void {
  playbackRoutes(app, core);
}
