/**
 * The webhook admin API, mounted at `/__mock/webhooks` (§6: registration is not shown; this is
 * the mock's): GET lists targets, POST registers one (400 for a target the rules of
 * src/webhooks/target-rules.ts refuse, after resolving its name where the platform can), DELETE /:id removes one, GET /deliveries
 * lists delivery attempts (filters: eventId, targetId, videoKey, event), GET /pending what waits,
 * GET /given-up what was given up, and POST …/redeliver queues given-up events again.
 */
import type { Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { WEBHOOK_HEADERS } from '../webhooks/constants.js';
import { ACCEPTED_REGISTRATION, validateRegistration } from '../webhooks/registration.js';
import type { DeliveryRecord, RedeliverFilter, WebhookDispatcher } from '../webhooks/types.js';
import { adminApp } from './admin-app.js';
import { invalidInput, jsonInput } from './inputs.js';
import { DELIVERY_FILTERS } from './schemas.js';

const FILTERS = DELIVERY_FILTERS satisfies ReadonlyArray<keyof DeliveryRecord>;
const REGISTRATION = '{"url": an absolute http(s) URL, "secret"?: a string of 1 to 1024 characters}';

/** Throws the 404 of an unknown target id; returns the id. */
function knownTarget(dispatcher: WebhookDispatcher, id: string): string {
  if (dispatcher.list().some((target) => target.id === id)) return id;
  throw new HttpError(404, {
    code: 'not-found',
    title: 'Not found',
    detail: `No webhook target with id "${id}".`,
    accepted: { targets: dispatcher.list() },
  });
}

/** The `eventId`/`targetId` filters of a query; any other is a 400 naming it. */
function redeliverFilter(
  queries: Record<string, string[]>,
  what: string,
  accepted: ReadonlyArray<'eventId' | 'targetId'> = ['eventId', 'targetId'],
): RedeliverFilter {
  const unknown = Object.keys(queries).filter((key) => !(accepted as readonly string[]).includes(key));
  if (unknown.length > 0) {
    const issues = unknown.map((key) => ({ pointer: `?${key}`, message: 'is not a filter' }));
    throw invalidInput(what, `the filters ${accepted.join(', ')}`, issues, { filters: accepted });
  }
  const filter: RedeliverFilter = {};
  for (const key of accepted) if (queries[key]?.[0] !== undefined) filter[key] = queries[key][0];
  return filter;
}

/**
 * Hono routes that control `dispatcher` over HTTP.
 *
 * @example
 * app.route('/__mock/webhooks', webhookRoutes(webhooks));
 * // curl -X POST localhost:4010/__mock/webhooks -H 'content-type: application/json' -d '{"url":"http://127.0.0.1:9000/hooks"}'
 */
export function webhookRoutes(dispatcher: WebhookDispatcher): Hono<MockEnv> {
  const routes = adminApp();
  // Around each read and write: what other processes sharing the store did, and this one's committed.
  routes.use(async (_, next) => {
    await dispatcher.sync();
    await next();
    await dispatcher.sync();
  });
  routes.get('/', (c) => c.json({ targets: dispatcher.list(), headers: WEBHOOK_HEADERS }));
  routes.post('/', async (c) => {
    const registration = validateRegistration(
      await jsonInput(c, 'The webhook registration', REGISTRATION, ACCEPTED_REGISTRATION),
    );
    if (!registration.ok) {
      throw invalidInput(
        'The webhook registration',
        REGISTRATION,
        registration.issues,
        ACCEPTED_REGISTRATION,
      );
    }
    const refused = await dispatcher.refusal(registration.value.url);
    if (refused !== undefined) {
      throw new HttpError(400, {
        code: 'validation-failed',
        title: 'Webhook target refused',
        detail: `${refused}.`,
        issues: [{ pointer: '/url', message: refused.slice(refused.indexOf('is refused')) }],
        accepted: ACCEPTED_REGISTRATION,
      });
    }
    const { id, secret } = dispatcher.register(registration.value);
    return c.json({ id, url: registration.value.url, secret }, 201);
  });
  routes.get('/deliveries', (c) => {
    const unknown = Object.keys(c.req.queries()).filter(
      (key) => !(FILTERS as readonly string[]).includes(key),
    );
    if (unknown.length > 0) {
      const issues = unknown.map((key) => ({ pointer: `?${key}`, message: 'is not a filter' }));
      throw invalidInput('The deliveries query', `the filters ${FILTERS.join(', ')}`, issues, {
        filters: FILTERS,
      });
    }
    const deliveries = dispatcher
      .deliveries()
      .filter((record) =>
        FILTERS.every((key) => c.req.query(key) === undefined || record[key] === c.req.query(key)),
      );
    return c.json({ deliveries });
  });
  routes.get('/pending', (c) => c.json({ pending: dispatcher.pending() }));
  routes.get('/given-up', (c) => {
    const filter = redeliverFilter(c.req.queries(), 'The given-up query');
    return c.json({ givenUp: dispatcher.givenUp(filter) });
  });
  // One route with filters: `/given-up/:eventId/redeliver` beside another redeliver route moves
  // Hono off its RegExpRouter for every request of the mock (test/http/router.test.ts).
  routes.post('/given-up/redeliver', (c) => {
    const filter = redeliverFilter(c.req.queries(), 'The redeliver query');
    if (filter.eventId === undefined && filter.targetId === undefined) {
      const message = 'eventId, targetId or both are required: which given-up events to send';
      throw invalidInput('The redeliver query', 'eventId=<an event id>, targetId=<a target id>', [
        { pointer: '?eventId', message },
      ]);
    }
    if (filter.targetId !== undefined) knownTarget(dispatcher, filter.targetId);
    const redelivered = dispatcher.redeliver(filter);
    if (redelivered.length === 0 && filter.eventId !== undefined) {
      throw new HttpError(404, {
        code: 'not-found',
        title: 'Not found',
        detail: `No given-up webhook event with id "${filter.eventId}"${filter.targetId ? ` for target "${filter.targetId}"` : ''}.`,
        accepted: {
          givenUp: dispatcher.givenUp().map((d) => ({ eventId: d.eventId, targetId: d.targetId })),
        },
      });
    }
    return c.json({ redelivered });
  });
  routes.delete('/:id', (c) => {
    const id = c.req.param('id');
    if (dispatcher.unregister(id)) return c.body(null, 204);
    knownTarget(dispatcher, id);
    return c.body(null, 204);
  });
  return routes;
}
