/**
 * The admin API's own OpenAPI 3.1 document, served at `/__mock/openapi.json` (never mixed into the
 * public spec). It is built from ADMIN_ROUTES, one entry per route; every request body is the zod
 * schema its route validates with, turned into JSON Schema: the document says what the routes check
 * (less the refinements JSON Schema cannot say).
 */
import { z } from 'zod';
import { zFaultRule } from '../faults/rule-schema.js';
import { zWebhookRegistration } from '../webhooks/registration.js';
import { JOURNAL_ROUTES } from './journal-openapi.js';
import {
  DELIVERY_FILTERS,
  SINCE_RULE,
  zAdvanceBody,
  zDefinitionsBody,
  zFaultRulesBody,
  zReadingsBody,
  zSeedBody,
} from './schemas.js';

interface RouteOptions<S extends z.ZodType = z.ZodType> {
  /** The JSON body it reads (refused 400, 413, 415), and a body it accepts: the document's example. */
  body?: { schema: S; example: z.input<S> };
  /** The success status: 200 unless said (204 has no body). */
  status?: 200 | 201 | 204;
  query?: readonly string[];
  /** Refusals of its own, beyond a body's, a query's (400) and a missing video's or receiver's (404). */
  refusals?: Record<number, string>;
  /** The media type of the success answer: JSON unless said (the journal's stream: text/event-stream). */
  mediaType?: string;
  /** The JSON Schema of the success answer, where the document gives one. */
  schema?: object;
}

/** One route under `/__mock`: what it does, what it reads, what it answers. */
export interface AdminRoute extends RouteOptions {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Under `/__mock`, with `{name}` path parameters. */
  path: string;
  operationId: string;
  summary: string;
  /** What the success answers. */
  ok: string;
}

const verb =
  (method: AdminRoute['method']) =>
  <S extends z.ZodType>(
    path: string,
    operationId: string,
    summary: string,
    ok: string,
    options?: RouteOptions<S>,
  ): AdminRoute => ({ method, path, operationId, summary, ok, ...options });
const [get, post, put, patch, del] = [verb('get'), verb('post'), verb('put'), verb('patch'), verb('delete')];

const BAD_SANDBOX_NAME =
  "Not a sandbox name ([A-Za-z0-9][A-Za-z0-9_.-]{0,63}): the mock's own error, with X-Mock-Error: sandbox-name";

const READINGS = { schema: zReadingsBody, example: { 'custom-fields-omitted': 'replace' as const } };

/** The admin routes, as src/control/admin-routes.ts, fault-routes.ts and webhook-routes.ts register them. */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  get('/openapi.json', 'adminOpenapi', 'This document', 'The OpenAPI 3.1 document of the admin API'),
  get(
    '/access',
    'getAccess',
    'Who may reach the mock: hosts, origins, whether an admin token is set (never the token) and whether it is exposed',
    'Access: adminToken (boolean), exposed (boolean: bound to a non-loopback address), warning (when exposed without an admin token), allowedHosts (null: not checked), corsOrigins, adminCorsOrigins',
  ),
  get(
    '/metrics',
    'getMetrics',
    'Prometheus metrics: requests by operation and status, latency, database pool, webhook deliveries pending and given up, the process (Node only)',
    'The text exposition format (text/plain; version=0.0.4)',
    {
      mediaType: 'text/plain',
      schema: { type: 'string' },
      refusals: {
        404: "The platform has no metrics (msw, a web runtime): the mock's own error, with X-Mock-Error: metrics-unavailable",
        501: "prom-client (an optional peer of the mock) is not installed: the mock's own error, with X-Mock-Error: metrics-need-prom-client",
      },
    },
  ),
  post('/reset', 'reset', 'Forget videos, journal, faults; restore start readings', 'Reset', { status: 204 }),
  post('/seed', 'seed', 'Store videos directly (all or nothing)', 'The keys of the seeded videos', {
    body: { schema: zSeedBody, example: { videos: [{ title: 'Keynote', tags: ['talk'], phase: 'ready' }] } },
    refusals: { 409: "A key is a stored video's: nothing was seeded (a seed never overwrites)" },
  }),
  ...JOURNAL_ROUTES,
  get('/clock', 'getClock', 'The virtual time', 'The clock: now (ms), iso, realTime'),
  post('/clock/advance', 'advanceClock', 'Advance the virtual clock; due transitions apply', 'The clock', {
    body: { schema: zAdvanceBody, example: { ms: 60_000 } },
  }),
  get(
    '/videos',
    'listVideos',
    'The stored videos, oldest first (read-only; the console lists them)',
    'Videos: each with its key, its phase on the virtual clock and `video`, the body GET /api/v1/videos/{videoKey} answers with the readings in force',
  ),
  post('/videos/{videoKey}/ready', 'makeReady', 'Make a video ready now', 'The video'),
  post('/videos/{videoKey}/fail', 'failVideo', 'Make the processing of a video fail now', 'The video'),
  get('/readings', 'getReadings', 'The readings in force, the defaults and the accepted ones', 'Readings'),
  put('/readings', 'putReadings', 'Play the spec defaults with these readings over them', 'Readings', {
    body: READINGS,
  }),
  patch('/readings', 'patchReadings', 'Change some readings', 'Readings', { body: READINGS }),
  get('/custom-field-definitions', 'getDefinitions', 'Custom fields defined', 'Definitions'),
  put('/custom-field-definitions', 'putDefinitions', 'Define custom fields', 'Definitions', {
    body: { schema: zDefinitionsBody, example: { definitions: [{ name: 'speaker', kind: 'string' }] } },
  }),
  get('/faults', 'listFaults', 'Fault rules in force (see src/faults/README.md)', 'Rules'),
  put('/faults', 'setFaults', 'Replace the fault rules', 'Rules', {
    body: {
      schema: zFaultRulesBody,
      example: [{ route: 'getVideo', errorRate: 0.5, errorStatus: 503, times: 10 }],
    },
  }),
  post('/faults', 'addFault', 'Add one fault rule', 'Rules', {
    body: { schema: zFaultRule, example: { route: 'getVideo', latencyMs: 500 } },
    status: 201,
  }),
  del('/faults', 'clearFaults', 'Remove every fault rule', 'Rules'),
  get('/webhooks', 'listWebhooks', 'Registered receivers (see src/webhooks/README.md)', 'Receivers, headers'),
  post('/webhooks', 'registerWebhook', 'Register a receiver', 'The registration: id, url, secret', {
    body: { schema: zWebhookRegistration, example: { url: 'http://127.0.0.1:9000/hooks' } },
    status: 201,
  }),
  get('/webhooks/deliveries', 'listDeliveries', 'Every delivery attempt', 'Deliveries', {
    query: DELIVERY_FILTERS,
  }),
  get(
    '/webhooks/pending',
    'listPendingDeliveries',
    'Deliveries waiting (retries on the virtual clock)',
    'Pending',
  ),
  get('/webhooks/given-up', 'listGivenUp', 'Events given up after the retry window', 'Given up', {
    query: ['eventId', 'targetId'],
  }),
  post(
    '/webhooks/given-up/redeliver',
    'redeliverGivenUp',
    'Send given-up events again: ?eventId= (to every target that gave it up), ?targetId= (all of one target), or both',
    'Redelivered',
    {
      query: ['eventId', 'targetId'],
      refusals: { 404: 'No given-up event with that id, or no receiver with that id' },
    },
  ),
  del('/webhooks/{id}', 'unregisterWebhook', 'Remove a receiver', 'Removed', { status: 204 }),
  // The mock's own admin API only (src/sandbox/routes.ts): a sandbox's admin API is that sandbox's.
  get('/sandboxes', 'listSandboxes', 'Open sandboxes (README "Sandboxes")', 'Sandboxes: name, path; max'),
  del('/sandboxes', 'deleteSandboxes', 'Close every sandbox and remove what each held', 'Removed', {
    status: 204,
  }),
  get('/sandboxes/{name}', 'getSandbox', 'One open sandbox', 'The sandbox: name, path', {
    refusals: { 400: BAD_SANDBOX_NAME },
  }),
  del('/sandboxes/{name}', 'deleteSandbox', 'Close a sandbox and remove what it held', 'Removed', {
    status: 204,
    refusals: { 400: BAD_SANDBOX_NAME },
  }),
];

const PATH_PARAMETERS: Record<string, string> = {
  videoKey: 'The key of a stored video',
  id: 'The id its registration answered',
  name: 'The name of a sandbox',
  seq: 'The sequence number of a journal entry',
};

/** What has no such path parameter, for the 404 of each. */
const MISSING: Record<string, string> = {
  videoKey: 'No video has this videoKey',
  id: 'No receiver has this id',
  name: 'No sandbox of this name is open',
  seq: 'The journal holds no entry of this number (it keeps the newest 10 000; reset empties it)',
};

/** RFC 9457 problem details, as `renderAdminError` (src/http/errors.ts) writes every admin error. */
const PROBLEM = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail', 'code'],
  properties: {
    type: { type: 'string', pattern: '^urn:video-api-mock:problem:', description: '`code` as a URN' },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string', description: 'What was wrong, where, and what is accepted' },
    code: { type: 'string', description: 'A short stable code: not-found, validation-failed, …' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['pointer', 'message'],
        properties: {
          pointer: {
            type: 'string',
            description: 'A JSON Pointer into the body, or `?name` for a query parameter',
          },
          message: { type: 'string' },
        },
      },
    },
    accepted: { description: 'What the route accepts, where it says so' },
  },
};

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const BODY_REFUSED = {
  400: problem('The body is empty, not JSON or not valid: what, where and what is accepted'),
  413: problem('The body is larger than 1 MiB'),
  415: problem('The body is not application/json'),
};

/** The JSON Schema of what a zod schema accepts; its refinements are dropped (the route still checks them). */
function jsonSchema(schema: z.ZodType): object {
  const options = { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' } as const;
  const { $schema: _, ...rest } = z.toJSONSchema(schema, options);
  return rest;
}

function operation({
  path,
  operationId,
  summary,
  ok,
  body,
  status = 200,
  query = [],
  refusals = {},
  mediaType = 'application/json',
  schema = { type: 'object' },
}: AdminRoute) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const parameters = [
    ...names.map((name) => ({ name, in: 'path', required: true, description: PATH_PARAMETERS[name] })),
    ...query.map((name) => ({
      name,
      in: 'query',
      description:
        name !== 'since'
          ? `Only those whose ${name} is this`
          : mediaType === 'text/event-stream'
            ? 'A sequence number: the entries after it'
            : SINCE_RULE,
    })),
  ].map((parameter) => ({ ...parameter, schema: { type: 'string' } }));
  const content = {
    [mediaType]: { schema: mediaType === 'text/event-stream' ? { type: 'string' } : schema },
  };
  return {
    operationId,
    summary,
    ...(parameters.length > 0 && { parameters }),
    ...(body && {
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(body.schema), example: body.example } },
      },
    }),
    responses: {
      [status]: { description: ok, ...(status !== 204 && { content }) },
      ...(body && BODY_REFUSED),
      ...(query.length > 0 && { 400: problem('An unknown filter, or a filter value of no accepted form') }),
      ...(names[0] && { 404: problem(MISSING[names[0]] ?? `Nothing has this ${names[0]}`) }),
      ...Object.fromEntries(Object.entries(refusals).map(([code, text]) => [code, problem(text)])),
    },
  };
}

/**
 * The document, with `origin` as its server.
 *
 * @example
 * adminOpenapi('http://127.0.0.1:4010').paths['/__mock/reset']?.post?.operationId; // 'reset'
 */
export function adminOpenapi(origin: string) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const route of ADMIN_ROUTES) {
    const path = `/__mock${route.path}`;
    paths[path] = { ...paths[path], [route.method]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Video API mock: admin API',
      version: '1',
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Control of the mock: reset, seed, journal, virtual clock, readiness and failure, readings, custom-field definitions, faults, webhooks and sandboxes. Under /sandboxes/{name}/__mock/ each sandbox has the same routes (but /sandboxes) for its own state. Every error is a `Problem` (application/problem+json). With --admin-token (the `adminToken` option), every route needs `Authorization: Bearer <admin token>` and answers 401 without it. From a browser, the admin API answers its own origin only, and the origins of --admin-cors-origin (the `adminCorsOrigins` option): a request with another Origin, a preflight included, or a subresource of another site (Sec-Fetch-Site cross-site or same-site, not a navigation) is refused 403 with `X-Mock-Error: origin-not-allowed` before it does anything; a Host that --allowed-host does not allow gets 403 `host-not-allowed`.',
    },
    servers: [{ url: origin }],
    security: [{}, { adminToken: [] }],
    paths,
    components: {
      schemas: { Problem: PROBLEM },
      securitySchemes: {
        adminToken: { type: 'http', scheme: 'bearer', description: 'Set by --admin-token' },
      },
    },
  };
}
