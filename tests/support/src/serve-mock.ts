/** Starts a mock (an app or a factory of one) over HTTP with faults: its own fault rules, and lost connections. */
import type { IncomingMessage, ServerOptions } from 'node:http';
import type { Listening } from './listen-http.js';
import { type FetchApp, type NodeEnv, serveApp } from './serve-app.js';

/** What becomes of a request: `hang` is never answered, `die` closes the server; undefined serves it. */
export type ConnectionFault = 'hang' | 'die' | undefined;

/** The rules an app's own fault injection takes (`app.mock.faults.set(rules)`); never without one. */
export type FaultRulesOf<App> = App extends { mock: { faults: { set(rules: infer Rules): unknown } } }
  ? Rules
  : never;

export interface ServeMockOptions<App> {
  /** Set with `app.mock.faults.set(rules)` before the first request (the mock's fault rules). */
  rules?: FaultRulesOf<App>;
  /**
   * Decides for the `n`-th request (from 1) whether the connection fails before the app sees it:
   * faults a mock cannot inject into itself. The raw request may be acted on (`socket.destroy()`).
   */
  fault?: (request: IncomingMessage, n: number) => ConnectionFault;
  /** Reach node:http (e.g. `requestTimeout`). */
  serverOptions?: ServerOptions;
}

export interface ServedMock<App> extends Listening {
  app: App;
  /** Closes the server and, when it was made here by the factory, the app (`app.mock.close()`). */
  close(): Promise<void>;
}

/**
 * Serves `make` (the app, or a factory of it: then the app is closed with the server) on
 * 127.0.0.1 and a free port, with its fault rules set and connection faults on demand.
 *
 * @example
 * const mock = await serveMock(() => createApp(), {
 *   rules: [{ route: 'getVideo', errorRate: 1, errorStatus: 503 }],
 *   fault: (request) => (request.method === 'PUT' ? 'hang' : undefined),
 * });
 * await fetch(`${mock.url}/api/v1/videos/v-0001`); // 503
 * await mock.close();
 */
export async function serveMock<App extends FetchApp>(
  make: App | (() => App),
  options: ServeMockOptions<App> = {},
): Promise<ServedMock<App>> {
  const made = typeof make === 'function';
  const app = made ? make() : make;
  if (options.rules !== undefined) {
    (app as unknown as { mock: { faults: { set(rules: unknown): unknown } } }).mock.faults.set(options.rules);
  }
  const { fault } = options;
  let requests = 0;
  const served: Listening = await serveApp(
    fault === undefined
      ? app
      : {
          fetch(request: Request, env: NodeEnv) {
            requests += 1;
            const chosen = fault(env.incoming, requests);
            if (chosen === 'die') void served.close();
            if (chosen !== undefined) return new Promise<Response>(() => {});
            return app.fetch(request, env);
          },
        },
    options.serverOptions,
  );
  return {
    ...served,
    app,
    async close() {
      await served.close();
      if (made) await (app as { mock?: { close?(): unknown } }).mock?.close?.();
    },
  };
}
