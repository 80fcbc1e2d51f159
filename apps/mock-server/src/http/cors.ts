/**
 * CORS of the public API (`corsOrigins`) and of the admin API (`adminCorsOrigins`): the origin
 * echoed with `Vary: Origin`, or `*` where the list allows any. Origins neither allows never get
 * here: the access guard (./access-guard.ts, run by createApp) refused them with a 403.
 */
import { cors } from 'hono/cors';
import { MOCK_ERROR_HEADER } from './mock-error.js';
import { ANY_ORIGIN } from './origin-policy.js';

/** The headers of every answer a browser client may read, beside those the layers above add. */
const EXPOSED = ['X-Mock-Readings', MOCK_ERROR_HEADER, 'Retry-After', 'WWW-Authenticate', 'Content-Length'];

function corsFor(origins: readonly string[], exposed: readonly string[]) {
  return cors({
    origin: origins.includes(ANY_ORIGIN) ? '*' : (origin) => origin,
    credentials: false,
    allowHeaders: ['Authorization', 'Content-Type', 'X-Mock-Reading', 'X-Mock-Sandbox'],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    exposeHeaders: [...EXPOSED, ...exposed],
    maxAge: 600,
  });
}

/**
 * The CORS middleware of each API. `exposed`: the headers the layers above http/ answer with
 * (a fault's, playback's rendition).
 *
 * @example
 * requestPipeline({ ...state, cors: corsPolicy(options, [FAULT_HEADER, RENDITION_HEADER]), onError });
 */
export function corsPolicy(
  origins: { corsOrigins: readonly string[]; adminCorsOrigins: readonly string[] },
  exposed: readonly string[],
) {
  return { api: corsFor(origins.corsOrigins, exposed), admin: corsFor(origins.adminCorsOrigins, exposed) };
}
