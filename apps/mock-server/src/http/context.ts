/**
 * What a request carries through the mock's Hono app: its variables, and its bindings, among them
 * the host's request (`host`) when a server of the platform serves it over a socket: what the
 * portable core asks of the host, as an interface it implements (src/node/server/host-request.ts),
 * so nothing here knows Node.
 */
import type { RequestReadings } from '../readings/request-readings.js';

/**
 * What the core asks of the server that received a request over a socket: its header lines as
 * received, its whole body without a web stream, and a connection reset (faults).
 */
export interface HostRequest {
  /** The header lines as received: names and values alternating, repeated fields kept. */
  readonly rawHeaders: readonly string[];
  /**
   * The whole body, once the host has parsed it to its end (its Content-Length or last chunk), as
   * the bytes it holds (no copy); rejects when the request is cut off first, or was read before.
   */
  readBody(): Promise<Uint8Array>;
  /** Resets the connection: the client sees ECONNRESET, and no answer. */
  reset(): void;
}

/** Variables a request carries through the pipeline. */
interface MockVariables {
  operationId: string | undefined;
  readings: RequestReadings;
  /**
   * The origin of the request URL, or the `servedBase` binding where one is given: the base of the
   * addresses the mock answers with (the default streaming base, the servers of `/openapi.json`).
   */
  origin: string;
  /** Set once the request pipeline runs for this request (so a not-found answer inside it does not run it again). */
  pipelined: boolean;
  /** What the fault rules decided for this request (src/faults), while rules are set. */
  faultPlan: { uploadBytesPerSecond?: number } | undefined;
  /** Set by a route whose request the journal leaves out: the console's page (src/console). */
  unjournalled: boolean;
}

export interface MockEnv {
  Variables: MockVariables;
  Bindings: {
    /** The host's request, when a server of the platform serves the app over a socket. */
    host?: HostRequest;
    /**
     * The URL the app is served under when a path prefix was taken off the request before it
     * reached the app (the msw handlers: `https://api.example.test/video`); stands for the origin.
     */
    servedBase?: string;
    /**
     * The sandbox prefix of the request's path (`/sandboxes/w1`), which the sandbox's router and
     * the pipeline take off (src/sandbox/dispatch.ts).
     */
    pathPrefix?: string;
    /** The mock's own error for this request, decided before it reached the app (a bad sandbox). */
    refusal?: Error;
  };
}
