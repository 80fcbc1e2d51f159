/**
 * The webhook admin API, mounted at `/__mock/webhooks` (§6: registration is not shown; this is
 * the mock's): GET lists targets, POST registers one, DELETE /:id removes one, GET /deliveries
 * lists delivery attempts (filters: eventId, targetId, videoKey, event).
 */
import type { Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import { HttpError } from '../http/errors.js';
import { WEBHOOK_HEADERS } from '../webhooks/constants.js';
import { ACCEPTED_REGISTRATION, validateRegistration } from '../webhooks/registration.js';
import type { DeliveryRecord, WebhookDispatcher } from '../webhooks/types.js';
import { adminApp } from './admin-app.js';
import { invalidInput, jsonInput } from './inputs.js';
import { DELIVERY_FILTERS } from './schemas.js';

const FILTERS = DELIVERY_FILTERS satisfies ReadonlyArray<keyof DeliveryRecord>;
const REGISTRATION = '{"url": an absolute http(s) URL, "secret"?: a string of 1 to 1024 characters}';

/**
 * Hono routes that control `dispatcher` over HTTP.
 *
 * @example
 * app.route('/__mock/webhooks', webhookRoutes(webhooks));
 * // curl -X POST localhost:4010/__mock/webhooks -H 'content-type: application/json' -d '{"url":"http://127.0.0.1:9000/hooks"}'
 */
export function webhookRoutes(dispatcher: WebhookDispatcher): Hono<MockEnv> {
  const routes = adminApp();
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
  routes.delete('/:id', (c) => {
    const id = c.req.param('id');
    if (dispatcher.unregister(id)) return c.body(null, 204);
    throw new HttpError(404, {
      code: 'not-found',
      title: 'Not found',
      detail: `No webhook target with id "${id}".`,
      accepted: { targets: dispatcher.list() },
    });
  });
  return routes;
}
