/**
 * The timeouts that cut off slow or stalled clients (slow-loris) on the mock's Node server, with
 * their defaults, and the node:http settings that make them hold to the millisecond they say.
 */
import type { ServerOptions as HttpServerOptions, Server } from 'node:http';

/** The timeouts a server is started with (ms). */
export interface Timeouts {
  /** Longest wait for a request's headers. */
  headersTimeoutMs: number;
  /** A connection that sends and receives nothing this long is closed, also mid-body. */
  idleTimeoutMs: number;
  /** Longest time to receive a whole request, uploads included; 0 for none. */
  requestTimeoutMs: number;
  /** A request body that brings fewer than 1 KiB in this long is dropped with a 408; 0 for none. */
  bodyIdleTimeoutMs: number;
}

/** The defaults the README and `--help` state. */
export const DEFAULT_TIMEOUTS: Timeouts = {
  headersTimeoutMs: 15_000,
  idleTimeoutMs: 60_000,
  requestTimeoutMs: 3_600_000,
  bodyIdleTimeoutMs: 30_000,
};

/**
 * How often node:http looks for requests past their headers or request timeout. Its default
 * (30 s) let a 15 s header timeout cut at anything from 15 to 45 s; checking each second (or at a
 * quarter of a shorter timeout) cuts within about a second of it.
 */
export function checkingIntervalOf({ headersTimeoutMs, requestTimeoutMs }: Timeouts): number {
  const shortest = Math.min(headersTimeoutMs, requestTimeoutMs || Number.POSITIVE_INFINITY);
  return Math.max(10, Math.min(1000, Math.floor(shortest / 4)));
}

/** The timeouts of `given` with the defaults for those not given. */
export function timeoutsOf(given: Partial<Timeouts>): Timeouts {
  const defined = Object.entries(given).filter(([, value]) => value !== undefined);
  return { ...DEFAULT_TIMEOUTS, ...Object.fromEntries(defined) };
}

/** The options node:http's `createServer` must be given for `timeouts` (it reads them only there). */
export function httpServerOptions(timeouts: Timeouts): HttpServerOptions {
  return {
    headersTimeout: timeouts.headersTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    connectionsCheckingInterval: checkingIntervalOf(timeouts),
  };
}

/**
 * Applies what can be set once the server exists: the idle timeout of each connection. A dropped
 * connection aborts its upload, which removes its temporary file.
 */
export function applyIdleTimeout(server: Server, timeouts: Timeouts): void {
  server.setTimeout(timeouts.idleTimeoutMs);
}
