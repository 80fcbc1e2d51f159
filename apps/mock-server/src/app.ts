/**
 * createApp: the mock, one instance of its state (./mock-instance.ts) for requests that name no
 * sandbox, and one per sandbox, opened on first use with the same options (src/sandbox/). Never
 * listens; runs wherever web APIs do (see ./platform.ts).
 */
import type { HttpError } from './http/errors.js';
import { renderAdminError, renderError } from './http/errors.js';
import { ADMIN_PREFIX } from './http/operations.js';
import { createInstance } from './mock-instance.js';
import { resolveOptions } from './options.js';
import { type Platform, webPlatform } from './platform.js';
import type { ServerReadings } from './readings/server-readings.js';
import { type Fetch, sandboxDispatch } from './sandbox/dispatch.js';
import { SANDBOXES_PATH } from './sandbox/names.js';
import { sandboxControl, sandboxRegistry } from './sandbox/registry.js';
import { sandboxRoutes } from './sandbox/routes.js';
import type { Origins } from './state/origins.js';
import type { MockApp, MockControl, MockOptions, ResolvedOptions, StateControl } from './types.js';

/** What a server needs of an app it serves (see `answerOutsideApp`, `setServedOrigin`). */
const served = new WeakMap<MockApp, { readings: ServerReadings; serveAt(origin: string): void }>();

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

/**
 * A sandbox's options: the mock's, with its addresses under `/sandboxes/{name}` and its state in
 * memory (uploads in a temporary folder of its own), whatever the data dir: the data dir keeps the
 * default state only (README "Sandboxes").
 */
function sandboxOptions(resolved: ResolvedOptions, name: string): ResolvedOptions {
  const prefix = `${SANDBOXES_PATH}/${name}`;
  return {
    ...resolved,
    dataDir: undefined,
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
  const root = createInstance(resolved, platform);
  let servedOrigin: string | undefined;
  const registry = sandboxRegistry<{ control: StateControl; fetch: Fetch; origins: Origins }>({
    max: resolved.maxSandboxes,
    open(name) {
      const instance = createInstance(sandboxOptions(resolved, name), platform, true);
      if (servedOrigin !== undefined) instance.origins.serveAt(`${servedOrigin}${SANDBOXES_PATH}/${name}`);
      return { control: instance.control, fetch: instance.app.fetch, origins: instance.origins };
    },
  });
  if (resolved.admin) {
    root.app.route(`${ADMIN_PREFIX}${SANDBOXES_PATH}`, sandboxRoutes(registry, resolved.adminToken));
  }
  const control: MockControl = {
    ...root.control,
    sandboxes: sandboxControl(registry),
    async close() {
      await registry.clear();
      await root.control.close();
    },
  };
  const app = Object.assign(root.app, { mock: control });
  app.fetch = sandboxDispatch(root.app.fetch, registry);
  served.set(app, {
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
