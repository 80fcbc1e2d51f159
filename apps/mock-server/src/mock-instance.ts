/**
 * One mock instance: its state (store, clock, lifecycle, readings, journal, faults, webhooks), the
 * request pipeline, the routes of the interface, playback, docs and the admin API, each part
 * handed what it uses. createApp (./app.ts) makes one for the default state and one per sandbox.
 * Never listens; runs wherever web APIs do (see ./platform.ts).
 */
import { type Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { getPath } from 'hono/utils/url';
import { createVideos } from './api/create-videos.js';
import type { ApiDeps } from './api/deps.js';
import { docsRoutes } from './api/docs.js';
import { getVideo } from './api/get-video.js';
import { updateCustomFields } from './api/update-custom-fields.js';
import { uploadVideoSource } from './api/upload-video-source.js';
import { consoleRoutes } from './console/console-routes.js';
import { type AccessView, adminRoutes } from './control/admin-routes.js';
import { createControl } from './control/control.js';
import { createFaults, FAULT_HEADER } from './faults/create-faults.js';
import type { MockEnv } from './http/context.js';
import { HttpError, internalError, noRoute, renderAdminError, renderError } from './http/errors.js';
import { methodNotAllowed } from './http/method-not-allowed.js';
import { MOCK_ERROR_HEADER, renderMockError } from './http/mock-error.js';
import { isNetworkFault } from './http/network-fault.js';
import {
  ADMIN_PREFIX,
  allowedMethods,
  isAdminPath,
  type OperationTable,
  type RoutedOperationId,
  SPEC_OPERATIONS,
} from './http/operations.js';
import { ANY_ORIGIN } from './http/origin-policy.js';
import { type RequestPipeline, type RouteHandler, requestPipeline } from './http/pipeline.js';
import { RateLimiter } from './http/rate-limit.js';
import { respond } from './http/respond.js';
import { recordsFull, storageFullCode } from './http/storage-full.js';
import type { Platform } from './platform.js';
import { playbackRoutes, RENDITION_HEADER } from './playback/routes.js';
import { ServerReadings } from './readings/server-readings.js';
import { createLog, type Log } from './shared/log.js';
import { seededRandom } from './shared/random.js';
import { VirtualClock } from './state/clock.js';
import { defaultDefinitions } from './state/definitions.js';
import type { VideoEvent } from './state/events.js';
import { Journal } from './state/journal.js';
import { Lifecycle } from './state/lifecycle.js';
import { createOrigins, type Origins } from './state/origins.js';
import type { SourceProcessor } from './state/processing.js';
import { createRepresenter } from './state/representer.js';
import type { SourceSink } from './state/source-sink.js';
import type { VideoStore } from './state/video-store.js';
import type { ResolvedOptions, StateControl } from './types.js';
import { createWebhookDispatcher } from './webhooks/dispatcher.js';
import { WEBHOOK_READING_IDS } from './webhooks/readings.js';

/**
 * CORS of the public API (`corsOrigins`) or the admin API (`adminCorsOrigins`): the origin echoed
 * with `Vary: Origin`, or `*` where the list allows any. Origins neither allows never get here: the
 * access guard (src/http/access-guard.ts, run by createApp) refused them with a 403.
 */
function corsFor(origins: readonly string[]) {
  return cors({
    origin: origins.includes(ANY_ORIGIN) ? '*' : (origin) => origin,
    credentials: false,
    allowHeaders: ['Authorization', 'Content-Type', 'X-Mock-Reading', 'X-Mock-Sandbox'],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
    exposeHeaders: [
      'X-Mock-Readings',
      MOCK_ERROR_HEADER,
      FAULT_HEADER,
      RENDITION_HEADER,
      'Retry-After',
      'WWW-Authenticate',
      'Content-Length',
    ],
    maxAge: 600,
  });
}

/** The platform's processor, if it has one; if it cannot be opened, what was opened before it is closed. */
function openProcessor(
  platform: Platform,
  options: ResolvedOptions,
  parts: { store: VideoStore; sink: SourceSink; log: Log },
): SourceProcessor | undefined {
  try {
    return platform.openProcessor?.(options, parts);
  } catch (error) {
    parts.store.close();
    parts.sink.dispose();
    throw error;
  }
}

/**
 * §4.1–§4.4, at the spec's paths and methods: one handler per operation id of the spec, so an
 * operation added to it fails the type check here until the mock handles it.
 */
function apiRoutes(app: Hono<MockEnv>, deps: ApiDeps, wrap: RequestPipeline['wrap']): void {
  const handlers: OperationTable<RouteHandler, 'sent by webhooks/'> = {
    createVideos: createVideos(deps),
    uploadVideoSource: uploadVideoSource(deps),
    getVideo: getVideo(deps),
    updateCustomFields: updateCustomFields(deps),
    videoReadinessWebhook: 'sent by webhooks/', // §6: the mock sends it (src/webhooks/dispatcher.ts)
  };
  for (const { operationId, method, route } of SPEC_OPERATIONS)
    app.on(method, route, wrap(handlers[operationId]));
}

/** The answer when no route matched: 405 for a path of the interface, 204 to OPTIONS, else 404. */
function unmatched(wrap: RequestPipeline['wrap']) {
  return wrap((c) => {
    const allow = c.req.method === 'OPTIONS' ? allowedMethods(c.req.path) : undefined;
    if (allow) return respond(null, 204, c.get('readings'), undefined, { allow: allow.join(', ') });
    throw methodNotAllowed(c.req.method, c.req.path) ?? noRoute(c.req.method, c.req.path);
  });
}

/** One instance: its app, its control, and what a server tells it or asks of it. */
export interface MockInstance {
  app: Hono<MockEnv>;
  control: StateControl;
  readings: ServerReadings;
  origins: Origins;
}

/**
 * The path Hono routes: the request's, without the sandbox prefix (`/sandboxes/w1`) the dispatcher
 * names in the `pathPrefix` binding (a sandbox's name has no `%`, so decoding leaves it as it is).
 */
function pathBelowPrefix(request: Request, options?: { env?: unknown }): string {
  const path = getPath(request);
  const prefix = (options?.env as MockEnv['Bindings'] | undefined)?.pathPrefix;
  return prefix === undefined ? path : path.slice(prefix.length) || '/';
}

/**
 * Builds one instance from resolved options. `access` is what `GET /__mock/access` answers.
 * `sandboxed` instances route below the path prefix their requests name (see ./sandbox/dispatch.ts).
 *
 * @example
 * const { app, control } = createInstance(resolveOptions({}), webPlatform(), () => view);
 */
export function createInstance(
  resolved: ResolvedOptions,
  platform: Platform,
  access: () => AccessView,
  sandboxed = false,
): MockInstance {
  const log = createLog(resolved.logLevel, resolved.logger);
  const store = platform.openStore(resolved);
  const sink = platform.openSink(resolved);
  // Files a crash left between being put in place and their record's commit (a sink on a data dir).
  sink.keepOnly?.(new Set(store.list().flatMap((record) => (record.source ? [record.source.file] : []))));
  const processor = openProcessor(platform, resolved, { store, sink, log });
  const clock = new VirtualClock(resolved.realTimeClock, Date.now(), store.getClockOffset(), (offset) =>
    store.setClockOffset(offset),
  );
  if (store.getDefinitions().length === 0 && store.list().length === 0)
    store.setDefinitions(defaultDefinitions());
  const readings = new ServerReadings(resolved.readings);
  const origins = createOrigins(resolved.streamingBase);
  const faults = createFaults({ seed: resolved.seed, now: () => clock.now() });
  const webhooks = createWebhookDispatcher({
    readings: () => readings.current(),
    seed: resolved.seed,
    log: ({ level, ...entry }) => log(level, entry),
    clock,
    retry: resolved.webhookRetry,
    allowTargets: resolved.allowWebhookTargets,
    ...(platform.webhookFetch && { fetch: platform.webhookFetch(resolved.allowWebhookTargets) }),
    ...(platform.webhookLedger && { ledger: platform.webhookLedger(store) }),
    targets: resolved.webhooks.map((url) => ({
      url,
      ...(resolved.webhookSecret !== undefined && { secret: resolved.webhookSecret }),
    })),
  });
  const listeners = new Set<(event: VideoEvent) => void>();
  const failures = seededRandom(resolved.seed);
  const represent = createRepresenter({
    phaseOf: (record) => lifecycle.phaseOf(record),
    clock,
    origins,
    defined: () => store.getDefinitions(),
  });
  const lifecycle = new Lifecycle({
    store,
    clock,
    serverContext: () => ({ readings: readings.current() }),
    processingMs: resolved.processingMs,
    drawFailure: () => resolved.failureRate > 0 && failures() < resolved.failureRate,
    represent: (record, phase, context) => represent.event(record, phase, context),
    heard: () => listeners.size > 0 || webhooks.list().length > 0,
    emit: (event, context) => {
      webhooks.dispatch(event, context.readings);
      for (const listener of listeners) listener(event);
    },
    ...(processor && { processor }),
  });
  const journal = new Journal();
  const limiter = new RateLimiter(resolved.rateLimit);
  const uploads = new Set<Promise<unknown>>();

  const app = new Hono<MockEnv>(sandboxed ? { getPath: pathBelowPrefix } : {});
  const onError = (error: Error, c: Context<MockEnv>): Response => {
    if (isNetworkFault(error)) throw error; // in-process: app.fetch rejects, as fetch does on a reset or an abort
    const full = error instanceof HttpError ? undefined : recordsFull(error);
    if (full)
      log('error', {
        msg: 'storage full',
        path: c.req.path,
        code: storageFullCode(error),
        error: String(error),
      });
    const known = error instanceof HttpError ? error : full;
    if (!known) log('error', { msg: 'unhandled error', error: String(error), stack: error.stack });
    if (known?.mock) return renderMockError(known);
    if (isAdminPath(c.req.path)) return renderAdminError(known ?? internalError());
    return renderError(known ?? internalError(), c.get('readings') ?? readings.forRequest());
  };
  app.onError(onError);
  const pipeline = requestPipeline({
    readings,
    clock,
    journal,
    limiter,
    log,
    faults,
    cors: { api: corsFor(resolved.corsOrigins), admin: corsFor(resolved.adminCorsOrigins) },
    onError,
  });
  const { wrap } = pipeline;

  apiRoutes(
    app,
    {
      tokens: resolved.tokens,
      store,
      clock,
      lifecycle,
      represent,
      origins,
      limits: resolved,
      eventContext: (c) => {
        const played = c.get('readings');
        if (webhooks.list().length > 0) for (const id of Object.values(WEBHOOK_READING_IDS)) played.get(id);
        return { readings: played.all(), origin: c.get('origin') };
      },
      sink,
      receive: platform.receive,
      uploadReadRate: (c) =>
        faults.uploadReadRate(
          c.get('operationId') ?? ('uploadVideoSource' satisfies RoutedOperationId),
          c.get('faultPlan'),
        ),
      uploads,
      log,
    },
    wrap,
  );
  playbackRoutes(app, { store, lifecycle, ...(processor && { processor }) }, wrap);
  docsRoutes(app, wrap, platform.docsAssets);
  const control = createControl({
    store,
    clock,
    lifecycle,
    journal,
    limiter,
    readings,
    represent,
    faults,
    webhooks,
    sink,
    uploads,
    listeners,
    guards: resolved,
  });
  if (resolved.admin) {
    app.use(`${ADMIN_PREFIX}/*`, pipeline.middleware);
    app.route(
      ADMIN_PREFIX,
      adminRoutes({
        control,
        store,
        clock,
        readings,
        represent,
        phaseOf: (record) => lifecycle.phaseOf(record),
        faults,
        webhooks,
        adminToken: resolved.adminToken,
        access,
        journal,
      }),
    );
    consoleRoutes(app, wrap, {
      readings,
      access,
      ...(platform.playerScript && { playerScript: platform.playerScript }),
    });
  }
  // Inside the pipeline, so the request's readings are set.
  const notFound = unmatched(wrap);
  app.options('*', notFound); // CORS preflights (the pipeline answers them for requests with Origin)
  app.notFound((c) => notFound(c, async () => {}));
  return { app, control, readings, origins };
}
