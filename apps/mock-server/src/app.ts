/**
 * createApp: the mock, one instance of its state (./mock-instance.ts) for requests that name no
 * sandbox, and one per sandbox, opened on first use with the same options (src/sandbox/). Never
 * listens; runs wherever web APIs do (see ./platform.ts).
 */
import type { AccessView } from './control/admin-routes.js';
import { accessRefusal } from './http/access-guard.js';
import type { HttpError } from './http/errors.js';
import { renderAdminError, renderError } from './http/errors.js';
import { healthAnswer } from './http/health.js';
import { renderMockError } from './http/mock-error.js';
import { ADMIN_PREFIX } from './http/operations.js';
import { createInstance } from './mock-instance.js';
import { resolveOptions } from './options.js';
import { type Platform, webPlatform } from './platform.js';
import type { ServerReadings } from './readings/server-readings.js';
import { type Fetch, isAdminRequest, sandboxDispatch } from './sandbox/dispatch.js';
import { SANDBOXES_PATH } from './sandbox/names.js';
import { sandboxControl, sandboxRegistry } from './sandbox/registry.js';
import { sandboxRoutes } from './sandbox/routes.js';
import { createLog } from './shared/log.js';
import type { Origins } from './state/origins.js';
import type { MockApp, MockControl, MockOptions, ResolvedOptions, StateControl } from './types.js';

/** Whether a server's address is reachable from other machines, and what to say about it. */
export interface Exposure {
  exposed: boolean;
  warning?: string;
}

/** What a server needs of an app it serves (see `answerOutsideApp`, `setServedOrigin`, `setExposure`, `setDraining`). */
const served = new WeakMap<
  MockApp,
  {
    readings: ServerReadings;
    serveAt(origin: string): void;
    expose(exposure: Exposure): void;
    drain(): void;
  }
>();

/**
 * The answer to a request that never reached `app` (Node could not parse it, or its Host or
 * target makes no URL): `error` in the app's error shape, per its readings.
 */
export function answerOutsideApp(app: MockApp, error: HttpError): Response {
  const parts = served.get(app);
  if (parts) return renderError(error, parts.readings.forRequest());
  return renderAdminError(error);
}

/** Tells `app` the origin it is served at: the streaming base of events no request caused. */
export function setServedOrigin(app: MockApp, origin: string): void {
  served.get(app)?.serveAt(origin);
}

/** Tells `app` that its server drains before it closes: `/readyz` answers 503 `draining` from now on. */
export function setDraining(app: MockApp): void {
  served.get(app)?.drain();
}

/** Tells `app` whether the address it is served at is exposed (`GET /__mock/access` says so). */
export function setExposure(app: MockApp, exposure: Exposure): void {
  served.get(app)?.expose(exposure);
}

/**
 * A sandbox's options: the mock's, with its addresses under `/sandboxes/{name}` and its state in
 * memory (uploads in a temporary folder of its own), whatever the data dir: the data dir keeps the
 * default state only (README "Sandboxes"). With a database URL, its state is in the database
 * under its name, shared by every process, and its uploads in the shared data dir.
 */
function sandboxOptions(resolved: ResolvedOptions, name: string): ResolvedOptions {
  const prefix = `${SANDBOXES_PATH}/${name}`;
  // On a shared database a sandbox is a state of its own there, and its bytes a folder of the shared data dir.
  const shared = resolved.databaseUrl !== undefined;
  return {
    ...resolved,
    stateName: name,
    dataDir: shared && resolved.dataDir !== undefined ? `${resolved.dataDir}/sandboxes/${name}` : undefined,
    streamingBase: resolved.streamingBase === undefined ? undefined : `${resolved.streamingBase}${prefix}`,
  };
}

/**
 * Creates the mock app. It never listens: serve it with `startServer` (Node), call
 * `app.request()`, or pass `app.fetch` to anything that takes a fetch handler. A request under
 * `/sandboxes/{name}/` (or with `X-Mock-Sandbox: {name}`) meets a state of its own.
 *
 * @example
 * const app = createApp({ readings: { 'custom-fields-omitted': 'replace' } });
 * const res = await app.request('/api/v1/videos', {
 *   method: 'POST',
 *   headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
 *   body: JSON.stringify({ projectKey: 'demo', videos: [{ title: 'Opening keynote' }] }),
 * });
 * await app.request('/sandboxes/w1/api/v1/videos/v-0001', { headers: { authorization: 'Bearer mock-token' } }); // 404: w1 has no videos
 * await app.mock.close();
 */
export function createApp(options: MockOptions = {}, platform: Platform = webPlatform()): MockApp {
  const resolved = resolveOptions(options, platform.writeLog);
  let exposure: Exposure = { exposed: false };
  const access = (): AccessView => ({
    adminToken: resolved.adminToken !== undefined,
    ...exposure,
    allowedHosts: resolved.allowedHosts ?? null,
    corsOrigins: resolved.corsOrigins,
    adminCorsOrigins: resolved.adminCorsOrigins,
  });
  const root = createInstance(resolved, platform, access);
  let draining = false;
  const readiness = { ...root.readiness, draining: () => draining };
  let servedOrigin: string | undefined;
  const registry = sandboxRegistry<{
    control: StateControl;
    fetch: Fetch;
    origins: Origins;
    endStreams(): void;
  }>({
    max: resolved.maxSandboxes,
    ...(root.storedSandboxes && { stored: root.storedSandboxes }),
    open(name) {
      const instance = createInstance(sandboxOptions(resolved, name), platform, access, true);
      if (servedOrigin !== undefined) instance.origins.serveAt(`${servedOrigin}${SANDBOXES_PATH}/${name}`);
      return {
        control: instance.control,
        fetch: instance.app.fetch,
        origins: instance.origins,
        endStreams: instance.endStreams,
      };
    },
  });
  if (resolved.admin) {
    root.app.route(`${ADMIN_PREFIX}${SANDBOXES_PATH}`, sandboxRoutes(registry, resolved.adminToken));
  }
  const control: MockControl = {
    ...root.control,
    sandboxes: sandboxControl(registry),
    async close() {
      await registry.closeAll();
      await root.control.close();
    },
  };
  const app = Object.assign(root.app, { mock: control });
  const dispatch = sandboxDispatch(root.app.fetch, registry);
  const log = createLog(resolved.logLevel, resolved.logger);
  // Health first (a load balancer's check names no allowed host), then the access guard: a refused
  // request opens no sandbox, reaches no route, is not journalled.
  app.fetch = (request, env, executionCtx) => {
    const health = healthAnswer(request, readiness);
    if (health) return health;
    const refusal = accessRefusal(request, env, () => isAdminRequest(request), resolved);
    if (refusal === undefined) return dispatch(request, env, executionCtx);
    log('info', { msg: 'refused', code: refusal.code, method: request.method, url: request.url });
    return renderMockError(refusal);
  };
  served.set(app, {
    expose(next) {
      exposure = next;
    },
    drain() {
      draining = true;
      // Live streams never end by themselves: a draining server ends them rather than wait.
      root.endStreams();
      for (const name of registry.names()) registry.find(name)?.endStreams();
    },
    readings: root.readings,
    serveAt(origin) {
      servedOrigin = origin;
      root.origins.serveAt(origin);
      for (const name of registry.names()) {
        registry.find(name)?.origins.serveAt(`${origin}${SANDBOXES_PATH}/${name}`);
      }
    },
  });
  return app;
}
