/**
 * The origins playback addresses are built on (§2: the HLS address is under the streaming
 * domain): the `streamingBase` option, else the origin of the request being answered. Events a
 * request did not cause (the clock's) use the origin of the request that last moved that video,
 * else the server's own origin.
 */

/** Keys remembered with the origin of the request that last moved them (oldest forgotten first). */
const REMEMBERED_ORIGINS = 10_000;

/** The default served origin until a server says where it listens. */
const UNSERVED_ORIGIN = 'http://127.0.0.1:4010';

export interface Origins {
  /** The streaming base of an answer to a request from `origin`. */
  base(origin: string): string;
  /** The streaming base of an event of `key`; a request's origin is remembered for the later ones. */
  baseOfEvent(key: string, origin: string | undefined): string;
  /** Tells the origin the server is served at (the base of events no request caused). */
  serveAt(origin: string): void;
}

/**
 * @example
 * const origins = createOrigins(undefined);
 * origins.base('http://localhost:4010'); // 'http://localhost:4010'
 */
export function createOrigins(streamingBase: string | undefined): Origins {
  const byKey = new Map<string, string>();
  let served = UNSERVED_ORIGIN;
  const base = (origin: string) => streamingBase ?? origin;
  return {
    base,
    baseOfEvent(key, origin) {
      if (origin === undefined) return base(byKey.get(key) ?? served);
      byKey.delete(key);
      if (byKey.size >= REMEMBERED_ORIGINS) byKey.delete(byKey.keys().next().value as string);
      byKey.set(key, origin);
      return base(origin);
    },
    serveAt(origin) {
      served = origin;
    },
  };
}
