/**
 * The admin API under `/__mock/` (§ "Control" of the design): reset, seed, journal, clock,
 * readiness and failure, readings, custom-field definitions; faults and webhooks are mounted
 * beside. Described by its own OpenAPI document at `/__mock/openapi.json`.
 */
import { idsWithReadings, mockReadings, readingsOf } from '@video-api/schema/unspecified';
import { Hono } from 'hono';
import type { z } from 'zod';
import { requireToken } from '../auth.js';
import { type MockCore, represent } from '../core.js';
import { MockHttpError, problemsFromZod } from '../errors.js';
import { faultAdminRoutes } from '../faults/index.js';
import { parseReadingChoice, ReadingError, RequestReadings, readingSet } from '../readings.js';
import type { MockControl, MockEnv, SeedVideo } from '../types.js';
import { adminOpenapi } from './openapi.js';
import { zAdvanceBody, zDefinitionsBody, zJournalQuery, zReadingsBody, zSeedBody } from './schemas.js';

function invalid(error: z.ZodError, what: string): MockHttpError {
  return new MockHttpError(
    400,
    'validation-failed',
    'Request validation failed',
    `${what} is not valid.`,
    problemsFromZod(error),
  );
}

async function body<T>(
  c: { req: { json(): Promise<unknown> } },
  schema: z.ZodType<T>,
  what: string,
): Promise<T> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw new MockHttpError(
      400,
      'validation-failed',
      'Request validation failed',
      `${what} is not valid JSON.`,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalid(parsed.error, what);
  return parsed.data;
}

function readingsView(core: MockCore) {
  return {
    readings: { ...core.readings },
    defaults: mockReadings(),
    accepted: Object.fromEntries(idsWithReadings.map((id) => [id, readingsOf(id)])),
  };
}

function choice(input: Record<string, string>) {
  try {
    return parseReadingChoice(Object.entries(input), 'readings');
  } catch (error) {
    if (error instanceof ReadingError)
      throw new MockHttpError(400, 'bad-reading', 'Unknown reading', error.message);
    throw error;
  }
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
    const { videos } = await body(c, zSeedBody, 'The seed body');
    return c.json({ keys: control.seed(videos as SeedVideo[]) }, 200);
  });
  admin.get('/journal', (c) => {
    const parsed = zJournalQuery.safeParse(c.req.query());
    if (!parsed.success) throw invalid(parsed.error, 'The journal query');
    const { since, ...rest } = parsed.data;
    const filter = {
      ...rest,
      ...(since !== undefined && { since: /^\d+$/.test(since) ? Number(since) : since }),
    };
    if (typeof filter.since === 'string' && Number.isNaN(Date.parse(filter.since))) {
      throw new MockHttpError(
        400,
        'validation-failed',
        'Request validation failed',
        'since: an ISO time or a sequence number.',
      );
    }
    return c.json({ entries: control.journal(filter) });
  });
  const clockView = () => ({ now: core.clock.now(), iso: core.clock.iso(), realTime: core.clock.realTime });
  admin.get('/clock', (c) => c.json(clockView()));
  admin.post('/clock/advance', async (c) => {
    const { ms } = await body(c, zAdvanceBody, 'The advance body');
    control.advanceClock(ms);
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
    core.readings = readingSet(choice(await body(c, zReadingsBody, 'The readings body')));
    return c.json(readingsView(core));
  });
  admin.patch('/readings', async (c) => {
    control.setReadings(choice(await body(c, zReadingsBody, 'The readings body')));
    return c.json(readingsView(core));
  });
  admin.get('/custom-field-definitions', (c) => c.json({ definitions: control.getDefinitions() }));
  admin.put('/custom-field-definitions', async (c) => {
    const { definitions } = await body(c, zDefinitionsBody, 'The definitions body');
    control.setDefinitions(definitions);
    return c.json({ definitions: control.getDefinitions() });
  });
  admin.route('/faults', faultAdminRoutes(core.faults));
  for (const [path, routes] of Object.entries(extra)) admin.route(path, routes);
  return admin;
}
