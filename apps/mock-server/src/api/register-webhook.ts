/**
 * §6 does not show how a webhook receiver is registered: under `webhook-registration: api-endpoint`
 * a request of the API registers one (POST /api/v1/webhooks, the Bearer token, `{url, secret?}`);
 * under `outside-api` there is no such route, as for any other path (the mock's stand-in for the
 * account area is its admin API, `POST /__mock/webhooks`).
 */
import { meaningOf, type ReadingOf } from '@video-api/schema';
import type { Context } from 'hono';
import { requireToken } from '../http/auth.js';
import type { MockEnv } from '../http/context.js';
import { noRoute, validationError } from '../http/errors.js';
import { readJson } from '../http/json-body.js';
import { requestHeader } from '../http/request-headers.js';
import { json } from '../http/respond.js';
import { validateRegistration } from '../webhooks/registration.js';
import type { ApiDeps } from './deps.js';

/** The path of the registration under `api-endpoint` (its reading's meaning gives it). */
export const REGISTRATION_PATH = meaningOf('webhook-registration', 'api-endpoint').operation.path;

type RegistrationDeps = Pick<ApiDeps, 'tokens' | 'webhooks'>;

/** What each reading answers to POST /api/v1/webhooks. */
const REGISTRATION: Readonly<
  Record<
    ReadingOf<'webhook-registration'>,
    (c: Context<MockEnv>, deps: RegistrationDeps) => Promise<Response>
  >
> = {
  'outside-api': async (c) => {
    throw noRoute(c.req.method, c.req.path);
  },
  'api-endpoint': async (c, deps) => {
    const readings = c.get('readings');
    requireToken(requestHeader(c, 'authorization'), deps.tokens, readings);
    const registration = validateRegistration(await readJson(c, readings));
    if (!registration.ok) {
      throw validationError(
        readings,
        'The webhook registration does not validate: {url, secret?} (§6).',
        registration.issues,
      );
    }
    const refused = await deps.webhooks.refusal(registration.value.url);
    if (refused !== undefined) {
      throw validationError(readings, `${refused}.`, [
        { pointer: '/url', message: refused.slice(refused.indexOf('is refused')) },
      ]);
    }
    const { id, secret } = deps.webhooks.register(registration.value);
    return json({ id, url: registration.value.url, secret }, 201, readings);
  },
};

/** The handler of POST /api/v1/webhooks: what the request's `webhook-registration` reading answers. */
export function registerWebhook(deps: RegistrationDeps) {
  return (c: Context<MockEnv>) => REGISTRATION[c.get('readings').get('webhook-registration')](c, deps);
}
