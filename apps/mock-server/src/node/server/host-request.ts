/**
 * The Node side of the platform seam: what the portable core asks of the server that received a
 * request (src/http/context.ts `HostRequest`: header lines, the whole body, a connection reset),
 * answered from the IncomingMessage @hono/node-server passes as `env.incoming`. `withHostRequest`
 * puts one in the bindings of every request that comes with an IncomingMessage, whoever serves the
 * app (`startServer`, or any @hono/node-server adapter given `app.fetch`).
 */
import type { IncomingMessage } from 'node:http';
import type { HostRequest } from '../../http/context.js';
import { readSocketBody } from './socket-body.js';

/** The host's request under Node: a view of the IncomingMessage, made once per request. */
class NodeHostRequest implements HostRequest {
  readonly rawHeaders: readonly string[];
  constructor(readonly incoming: IncomingMessage) {
    this.rawHeaders = incoming.rawHeaders;
  }

  readBody(): Promise<Uint8Array> {
    return readSocketBody(this.incoming);
  }

  reset(): void {
    const { socket } = this.incoming;
    if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
    else socket.destroy();
  }
}

/** The IncomingMessage behind a request's host binding, when Node serves it. */
export function incomingOf(host: HostRequest | undefined): IncomingMessage | undefined {
  return host instanceof NodeHostRequest ? host.incoming : undefined;
}

/** The bindings @hono/node-server fetches with (`incoming`), and the one added here. */
interface NodeBindings {
  incoming?: IncomingMessage;
  host?: HostRequest;
}

/** A Hono app, or anything else with its fetch. */
type FetchApp = {
  fetch(request: Request, env?: NodeBindings, executionCtx?: never): Response | Promise<Response>;
};

/**
 * Makes `app.fetch` (and so `app.request`) give each request that comes with an IncomingMessage
 * its `host` binding. The bindings object is @hono/node-server's own, made per request: the
 * binding is set on it, not on a copy.
 *
 * @example
 * const app = withHostRequest(createPortableApp(options, nodePlatform()));
 * getRequestListener(app.fetch); // c.env.host.rawHeaders, c.env.host.reset()…
 */
export function withHostRequest<App extends FetchApp>(app: App): App {
  const fetch = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    const incoming = env?.incoming;
    if (incoming !== undefined && env !== undefined && env.host === undefined)
      env.host = new NodeHostRequest(incoming);
    return fetch(request, env, executionCtx);
  };
  return app;
}
