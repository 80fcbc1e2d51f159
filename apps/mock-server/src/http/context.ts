/**
 * What a request carries through the mock's Hono app: its variables, and the raw Node request
 * when @hono/node-server serves it (typed by what the mock reads of it, so nothing here needs Node).
 */
import type { RequestReadings } from '../readings/request-readings.js';

/** What the mock reads of Node's IncomingMessage when one is there (the Node adapters use more). */
export interface RawRequest {
  rawHeaders?: string[];
  readableDidRead?: boolean;
  socket?: { destroy(): void; resetAndDestroy?(): void };
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
}

export interface MockEnv {
  Variables: MockVariables;
  Bindings: {
    incoming?: RawRequest;
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
