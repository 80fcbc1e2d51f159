/**
 * The routes of the interface (§4.1–§4.4) at the spec's paths and methods, one handler per
 * operation id of the spec, and the answer when no route matched.
 */
import type { Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import { noRoute } from '../http/errors.js';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import { allowedMethods, type OperationTable, SPEC_OPERATIONS } from '../http/operations.js';
import type { RequestPipeline, RouteHandler } from '../http/pipeline.js';
import { respond } from '../http/respond.js';
import { createVideos } from './create-videos.js';
import type { ApiDeps } from './deps.js';
import { getVideo } from './get-video.js';
import { REGISTRATION_PATH, registerWebhook } from './register-webhook.js';
import { updateCustomFields } from './update-custom-fields.js';
import { uploadVideoSource } from './upload-video-source.js';

/**
 * §4.1–§4.4, at the spec's paths and methods: one handler per operation id of the spec, so an
 * operation added to it fails the type check here until the mock handles it.
 *
 * @example
 * apiRoutes(app, { ...state, receive: platform.receive }, pipeline.wrap);
 */
export function apiRoutes(app: Hono<MockEnv>, deps: ApiDeps, wrap: RequestPipeline['wrap']): void {
  const handlers: OperationTable<RouteHandler, 'sent by webhooks/'> = {
    createVideos: createVideos(deps),
    uploadVideoSource: uploadVideoSource(deps),
    getVideo: getVideo(deps),
    updateCustomFields: updateCustomFields(deps),
    videoReadinessWebhook: 'sent by webhooks/', // §6: the mock sends it (src/webhooks/dispatcher.ts)
  };
  for (const { operationId, method, route } of SPEC_OPERATIONS)
    app.on(method, route, wrap(handlers[operationId]));
  // §6: a route of one reading of webhook-registration (api-endpoint); under the other, no route.
  app.post(REGISTRATION_PATH, wrap(registerWebhook(deps)));
}

/**
 * The answer when no route matched: 405 for a path of the interface, 204 to OPTIONS, else 404;
 * inside the pipeline, so the request's readings are set.
 *
 * @example
 * const notFound = unmatched(pipeline.wrap);
 * app.notFound((c) => notFound(c, async () => {}));
 */
export function unmatched(wrap: RequestPipeline['wrap']) {
  return wrap((c) => {
    const allow = c.req.method === 'OPTIONS' ? allowedMethods(c.req.path) : undefined;
    if (allow) return respond(null, 204, c.get('readings'), undefined, { allow: allow.join(', ') });
    throw methodNotAllowed(c.req.method, c.req.path) ?? noRoute(c.req.method, c.req.path);
  });
}
