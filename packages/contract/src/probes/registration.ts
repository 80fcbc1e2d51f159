/**
 * Probe of how a webhook receiver is registered (§6: "registration … not shown"): whether the API
 * has a registration route, seen from a registration that does not validate (so that nothing is
 * registered): refused as a request that does not validate, or not found.
 */
import { meaningOf } from '@video-api/schema';
import type { Context } from '../context/context.js';
import { refuse5xx } from '../support/evidence.js';
import { describe, type Exchange, isClientError, isSuccess } from '../support/http.js';
import { recognise, type Signs } from '../support/signs.js';

/** The path of the `api-endpoint` reading (its meaning gives it). */
const REGISTRATION_PATH = meaningOf('webhook-registration', 'api-endpoint').operation.path;

const NO_ROUTE = [404, 405];

const REGISTRATION: Signs<'webhook-registration', Exchange> = {
  'outside-api': (answer) => NO_ROUTE.includes(answer.status),
  'api-endpoint': (answer) => isSuccess(answer.status) || isClientError(answer.status),
};

export async function probeRegistration(ctx: Context) {
  return ctx.observe('webhook-registration', async () => {
    const answer = await ctx.api.send({ method: 'POST', path: REGISTRATION_PATH, json: {} });
    refuse5xx(answer);
    return recognise(REGISTRATION, answer, `POST ${REGISTRATION_PATH} with {}: ${describe(answer)}`);
  });
}
