/**
 * The webhook admin API, mounted by the app at `/__mock/webhooks` (§6: registration is not shown;
 * this is the mock's): GET lists targets, POST registers one, DELETE /:id removes one,
 * GET /deliveries lists delivery attempts (filters: eventId, targetId, videoKey, event).
 */
import { Hono } from 'hono';
import { badRequest, readJson, unreadableBody } from '../faults/bad-request.js';
import { WEBHOOK_HEADERS } from '../webhooks/constants.js';
import { ACCEPTED_REGISTRATION, validateRegistration } from '../webhooks/registration.js';
import type { DeliveryRecord, WebhookDispatcher } from '../webhooks/types.js';

const FILTERS = ['eventId', 'targetId', 'videoKey', 'event'] as const satisfies ReadonlyArray<
  keyof DeliveryRecord
>;

/**
 * Hono routes that control `dispatcher` over HTTP.
 *
 * @example
 * app.route('/__mock/webhooks', webhookAdminRoutes(webhooks));
 * // curl -X POST localhost:4010/__mock/webhooks -H 'content-type: application/json' -d '{"url":"http://127.0.0.1:9000/hooks"}'
 */
export function webhookAdminRoutes(dispatcher: WebhookDispatcher): Hono {
  const routes = new Hono();
  routes.get('/', (c) => c.json({ targets: dispatcher.list(), headers: WEBHOOK_HEADERS }));
  routes.post('/', async (c) => {
    const body = await readJson(c);
    if (!body.ok) return unreadableBody(c, body, ACCEPTED_REGISTRATION);
    const registration = validateRegistration(body.value);
    if (!registration.ok) return badRequest(c, 'invalid-webhook', registration.issues, ACCEPTED_REGISTRATION);
    const { id, secret } = dispatcher.register(registration.value);
    return c.json({ id, url: registration.value.url, secret }, 201);
  });
  routes.get('/deliveries', (c) => {
    const unknown = Object.keys(c.req.queries()).filter(
      (key) => !(FILTERS as readonly string[]).includes(key),
    );
    if (unknown.length > 0) {
      const issues = unknown.map((key) => ({ where: `?${key}`, message: 'is not a filter' }));
      return badRequest(c, 'invalid-filter', issues, { filters: FILTERS });
    }
    const deliveries = dispatcher
      .deliveries()
      .filter((record) =>
        FILTERS.every((key) => c.req.query(key) === undefined || record[key] === c.req.query(key)),
      );
    return c.json({ deliveries });
  });
  routes.delete('/:id', (c) => {
    const id = c.req.param('id');
    if (dispatcher.unregister(id)) return c.body(null, 204);
    return c.json(
      { error: 'not-found', message: `No webhook target with id "${id}".`, targets: dispatcher.list() },
      404,
    );
  });
  return routes;
}
