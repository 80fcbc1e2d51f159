/**
 * One mock instance: a state (./create-state.ts) and what is mounted on it: the request pipeline
 * with its error policy and CORS, the routes of the interface, playback, docs, the admin API and
 * the console, each given the parts of the state it uses. createApp (./app.ts) makes one for the
 * default state and one per sandbox. Never listens; runs wherever web APIs do (see ./platform.ts).
 */
import { Hono } from 'hono';
import { docsRoutes } from './api/docs.js';
import { apiRoutes, unmatched } from './api/routes.js';
import { consoleRoutes } from './console/console-routes.js';
import { type AccessView, adminRoutes } from './control/admin-routes.js';
import { createControl } from './control/control.js';
import { createState } from './create-state.js';
import { FAULT_HEADER } from './faults/create-faults.js';
import type { MockEnv } from './http/context.js';
import { corsPolicy } from './http/cors.js';
import { errorPolicy } from './http/error-policy.js';
import type { Readiness } from './http/health.js';
import { ADMIN_PREFIX } from './http/operations.js';
import { requestPipeline } from './http/pipeline.js';
import type { Platform } from './platform.js';
import { playbackRoutes, RENDITION_HEADER } from './playback/routes.js';
import type { ServerReadings } from './readings/server-readings.js';
import { pathBelowPrefix } from './sandbox/dispatch.js';
import type { Origins } from './state/origins.js';
import type { ResolvedOptions, StateControl } from './types.js';

/** One instance: its app, its control, and what a server tells it or asks of it. */
export interface MockInstance {
  app: Hono<MockEnv>;
  control: StateControl;
  readings: ServerReadings;
  origins: Origins;
  /** What `/readyz` asks of this state (src/http/health.ts). */
  readiness: Readiness;
  /** Ends the journal's live streams (a server that drains does not wait for them). */
  endStreams(): void;
  /** The sandboxes a store other processes share holds, and how one is forgotten (none for a store of this process). */
  storedSandboxes?: { list(): Promise<string[]>; drop(name: string): Promise<void> };
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
  const state = createState(resolved, platform);
  const app = new Hono<MockEnv>(sandboxed ? { getPath: pathBelowPrefix } : {});
  const onError = errorPolicy(state);
  app.onError(onError);
  const cors = corsPolicy(resolved, [FAULT_HEADER, RENDITION_HEADER]);
  // One Metrics per app (the platform's); the default state's jobs and pool are its gauges.
  const poolSize = resolved.databaseUrl === undefined ? {} : { databasePoolSize: resolved.databasePoolSize };
  const queued = state.processor?.queued?.bind(state.processor);
  const metrics = platform.metrics?.(
    sandboxed ? undefined : { webhooks: state.webhooks, ...poolSize, ...(queued && { transcodes: queued }) },
  );
  const eventsQueued = state.webhooks.queued?.bind(state.webhooks);
  const pipeline = requestPipeline({
    ...state,
    cors,
    onError,
    ...(metrics && { metrics }),
    ...(eventsQueued && { eventsQueued }),
  });
  const { wrap } = pipeline;

  apiRoutes(app, { ...state, receive: platform.receive }, wrap);
  playbackRoutes(app, state, wrap);
  docsRoutes(app, wrap);
  if (resolved.admin) {
    app.use(`${ADMIN_PREFIX}/*`, pipeline.middleware);
    app.route(ADMIN_PREFIX, adminRoutes(state, access, metrics));
    consoleRoutes(app, wrap, {
      ...state,
      access,
      ...(platform.playerScript && { playerScript: platform.playerScript }),
    });
  }
  const notFound = unmatched(wrap);
  app.options('*', notFound); // CORS preflights (the pipeline answers them for requests with Origin)
  app.notFound((c) => notFound(c, async () => {}));
  let started = false;
  state.started.then(
    () => {
      started = true;
    },
    () => {},
  );
  const readiness: Readiness = { started: () => started, health: () => state.store.health() };
  return {
    app,
    control: createControl(state),
    readings: state.readings,
    origins: state.origins,
    readiness,
    endStreams: () => state.journal.close(),
    ...(state.store.sandboxes &&
      state.store.dropSandbox && {
        storedSandboxes: {
          list: state.store.sandboxes.bind(state.store),
          drop: state.store.dropSandbox.bind(state.store),
        },
      }),
  };
}
