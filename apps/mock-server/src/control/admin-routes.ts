/**
 * The admin API under `/__mock/` (§ "Control" of the design): reset, seed, journal, clock,
 * readiness and failure, readings, custom-field definitions; faults and webhooks are mounted
 * beside. Described by its own OpenAPI document at `/__mock/openapi.json`.
 */
import { idsWithReadings, mockReadings, readingsOf } from '@video-api/schema/unspecified';
import { Hono } from 'hono';
import { requireToken } from '../http/auth.js';
import { type MockCore, represent } from '../core.js';
import { MockHttpError } from '../http/errors.js';
import { faultAdminRoutes } from '../faults/index.js';
import { RequestReadings, readingSet } from '../readings/request-readings.js';
import type { MockControl, MockEnv, SeedVideo } from '../types.js';
import { ADVANCE, body, DEFINITIONS, journalFilter, readingsChoice, SEED } from './inputs.js';
import { adminOpenapi } from './openapi.js';
import { protoFieldProblem } from './seed-checks.js';

function readingsView(core: MockCore) {
  return {
    readings: { ...core.readings },
    defaults: mockReadings(),
    accepted: Object.fromEntries(idsWithReadings.map((id) => [id, readingsOf(id)])),
  };
}

/**
 * The admin routes, to mount at `/__mock`.
 *
 * @example
 * app.route('/__mock', adminRoutes(core, control, webhookRoutes));
 */
export function adminRoutes(
  core: MockCore,
  control: MockControl,
  extra: Record<string, Hono>,
): Hono<MockEnv> {
  const admin = new Hono<MockEnv>();
  if (core.options.adminToken !== undefined) {
    const token = core.options.adminToken;
    admin.use('*', async (c, next) => {
      requireToken(c.req.header('authorization'), [token]);
      await next();
    });
  }
  admin.get('/openapi.json', (c) => c.json(adminOpenapi(new URL(c.req.url).origin)));
  admin.post('/reset', (c) => {
    control.reset();
    return c.body(null, 204);
  });
  admin.post('/seed', async (c) => {
    const { value, raw } = await body(c, SEED);
    // The schema's output has lost `__proto__` members: they are looked for in the body itself.
    const problem = protoFieldProblem((raw as { videos: unknown[] }).videos);
    if (problem) throw problem;
    return c.json({ keys: control.seed(value.videos as SeedVideo[]) }, 200);
  });
  admin.get('/journal', (c) => c.json({ entries: control.journal(journalFilter(c.req.query())) }));
  const clockView = () => ({ now: core.clock.now(), iso: core.clock.iso(), realTime: core.clock.realTime });
  admin.get('/clock', (c) => c.json(clockView()));
  admin.post('/clock/advance', async (c) => {
    const { value } = await body(c, ADVANCE);
    control.advanceClock(value.ms);
    return c.json(clockView());
  });
  for (const action of ['ready', 'fail'] as const) {
    admin.post(`/videos/:videoKey/${action}`, (c) => {
      const key = c.req.param('videoKey');
      if (action === 'ready') control.makeReady(key);
      else control.fail(key);
      const record = core.store.get(key);
      if (!record) throw new MockHttpError(404, 'not-found', 'Not found', `No video has the key "${key}".`);
      return c.json(represent(core, record, new RequestReadings(core.readings), new URL(c.req.url).origin));
    });
  }
  admin.get('/readings', (c) => c.json(readingsView(core)));
  admin.put('/readings', async (c) => {
    core.readings = readingSet(await readingsChoice(c));
    return c.json(readingsView(core));
  });
  admin.patch('/readings', async (c) => {
    control.setReadings(await readingsChoice(c));
    return c.json(readingsView(core));
  });
  admin.get('/custom-field-definitions', (c) => c.json({ definitions: control.getDefinitions() }));
  admin.put('/custom-field-definitions', async (c) => {
    const { value } = await body(c, DEFINITIONS);
    control.setDefinitions(value.definitions);
    return c.json({ definitions: control.getDefinitions() });
  });
  admin.route('/faults', faultAdminRoutes(core.faults));
  for (const [path, routes] of Object.entries(extra)) admin.route(path, routes);
  return admin;
}
