/**
 * The admin API under `/__mock/` (§ "Control" of the design): reset, seed, journal, clock,
 * readiness and failure, readings, custom-field definitions, faults and webhooks. Described by its
 * own OpenAPI document at `/__mock/openapi.json`. Every error is answered as problem+json
 * (the app's error handler renders admin paths so), whatever the public API's readings.
 */
import { idsWithReadings, mockReadings, readingsOf } from '@video-api/schema';
import type { Hono } from 'hono';
import { requireToken } from '../http/auth.js';
import type { MockEnv } from '../http/context.js';
import { HttpError, notFound } from '../http/errors.js';
import type { Metrics } from '../http/metrics.js';
import type { MockState } from '../instance/mock-state.js';
import type { ServerReadings } from '../readings/server-readings.js';
import { adminApp } from './admin-app.js';
import { type ControlState, createControl, keepReadings } from './control.js';
import { faultRoutes } from './fault-routes.js';
import { body, readingsChoice } from './inputs.js';
import { journalRoutes } from './journal-routes.js';
import { adminOpenapi } from './openapi.js';
import { ADVANCE, DEFINITIONS, SEED } from './schemas.js';
import { protoFieldProblem } from './seed-checks.js';
import { webhookRoutes } from './webhook-routes.js';

/**
 * What the admin routes work on: the parts of the state the control wraps (the routes act through
 * a control of their own, ./control.ts) and the admin token.
 */
export type AdminState = ControlState & Pick<MockState, 'adminToken'>;

/**
 * What `GET /__mock/access` answers: who may reach the mock (never the admin token itself), and
 * the warning of a mock bound to a non-loopback address without an admin token.
 */
export interface AccessView {
  /** Whether the admin API requires a token (`--admin-token`). */
  adminToken: boolean;
  /** Whether the server is bound to a non-loopback address (reachable from other machines). */
  exposed: boolean;
  /** Set when exposed without an admin token: what anyone who reaches it can do, and the fix. */
  warning?: string;
  /** Hosts a request's Host may name (localhost and IP addresses always); null: not checked. */
  allowedHosts: string[] | null;
  /** Origins the public API answers beyond localhost ones; `*`: any. */
  corsOrigins: string[];
  /** Origins the admin API answers beyond its own; `*`: any. */
  adminCorsOrigins: string[];
}

/** 404 of `GET /__mock/metrics` on a platform without metrics: the mock's own error. */
const NO_METRICS = new HttpError(404, {
  code: 'metrics-unavailable',
  title: 'No metrics here',
  detail:
    'This platform has no metrics (msw, a web runtime): GET /__mock/metrics answers under Node (the CLI, or createApp from @video-api/mock-server/node).',
  mock: true,
});

function readingsView(readings: ServerReadings) {
  return {
    readings: { ...readings.current() },
    defaults: mockReadings(),
    accepted: Object.fromEntries(idsWithReadings.map((id) => [id, readingsOf(id)])),
  };
}

/**
 * The admin routes, to mount at the admin prefix.
 *
 * @example
 * app.route(ADMIN_PREFIX, adminRoutes(state, () => accessView));
 *
 * @param access what `GET /__mock/access` answers: who may reach the mock.
 * @param metrics what `GET /__mock/metrics` renders, where the platform has metrics.
 */
export function adminRoutes(deps: AdminState, access: () => AccessView, metrics?: Metrics): Hono<MockEnv> {
  const { clock, readings } = deps;
  const control = createControl(deps);
  const admin = adminApp();
  const token = deps.adminToken;
  if (token !== undefined) {
    admin.use('*', async (c, next) => {
      requireToken(c.req.header('authorization'), [token]);
      await next();
    });
  }
  admin.get('/openapi.json', (c) => c.json(adminOpenapi(c.get('origin'))));
  admin.get('/access', (c) => c.json(access()));
  admin.get('/metrics', async (c) => {
    if (metrics === undefined) throw NO_METRICS;
    const { contentType, body } = await metrics.render();
    return c.body(body, 200, { 'content-type': contentType });
  });
  admin.post('/reset', async (c) => {
    await control.reset();
    return c.body(null, 204);
  });
  admin.post('/seed', async (c) => {
    const { value, raw } = await body(c, SEED);
    // The schema's output has lost `__proto__` members: they are looked for in the body itself.
    const problem = protoFieldProblem((raw as { videos: unknown[] }).videos);
    if (problem) throw problem;
    return c.json({ keys: await control.seed(value.videos) }, 200);
  });
  admin.route('/journal', journalRoutes(deps.journal, control));
  const clockView = () => ({ now: clock.now(), iso: clock.iso(), realTime: clock.realTime });
  admin.get('/clock', (c) => c.json(clockView()));
  admin.post('/clock/advance', async (c) => {
    const { value } = await body(c, ADVANCE);
    await control.advanceClock(value.ms);
    return c.json(clockView());
  });
  admin.get('/videos', async (c) => {
    const played = readings.forRequest();
    const videos = (await deps.store.list()).map((record) => ({
      key: record.key,
      phase: deps.lifecycle.phaseOf(record),
      video: deps.represent.video(record, played, c.get('origin')),
    }));
    return c.json({ videos });
  });
  for (const action of ['ready', 'fail'] as const) {
    admin.post(`/videos/:videoKey/${action}`, async (c) => {
      const key = c.req.param('videoKey');
      if (action === 'ready') await control.makeReady(key);
      else await control.fail(key);
      const record = await deps.store.get(key);
      if (!record) throw notFound(key);
      return c.json(deps.represent.video(record, readings.forRequest(), c.get('origin')));
    });
  }
  admin.get('/readings', (c) => c.json(readingsView(readings)));
  admin.put('/readings', async (c) => {
    readings.replace(await readingsChoice(c));
    await keepReadings(deps);
    return c.json(readingsView(readings));
  });
  admin.patch('/readings', async (c) => {
    await control.setReadings(await readingsChoice(c));
    return c.json(readingsView(readings));
  });
  admin.get('/custom-field-definitions', async (c) =>
    c.json({ definitions: await control.getDefinitions() }),
  );
  admin.put('/custom-field-definitions', async (c) => {
    const { value } = await body(c, DEFINITIONS);
    await control.setDefinitions(value.definitions);
    return c.json({ definitions: await control.getDefinitions() });
  });
  admin.route('/faults', faultRoutes(deps.faults));
  admin.route('/webhooks', webhookRoutes(deps.webhooks));
  return admin;
}
