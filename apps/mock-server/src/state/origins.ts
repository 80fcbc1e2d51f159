/**
 * The origins playback addresses are built on (§2: the HLS address is under the streaming
 * domain): the `streamingBase` option, else the origin of the request being answered. Events a
 * request did not cause (the clock's) use the origin of the request that last moved that video,
 * else the server's own origin.
 */

/** Keys remembered with the origin of the request that last moved them: at least the newest this many. */
const REMEMBERED_ORIGINS = 10_000;
/**
 * Past the limit, this many of the oldest keys are forgotten at once. One at a time, each
 * `keys().next()` scanned past every key deleted before it (V8 keeps deleted Map entries as holes
 * until it rehashes): about 5 µs per created video once 10 000 were, in a profile of create.
 */
const FORGOTTEN_AT_ONCE = 1_000;

/** Deletes the `count` oldest keys of `map`, in one pass. */
function forgetOldest(map: Map<string, string>, count: number): void {
  let left = count;
  for (const key of map.keys()) {
    if (left-- === 0) return;
    map.delete(key);
  }
}

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
      byKey.delete(key); // moved to the newest
      byKey.set(key, origin);
      if (byKey.size > REMEMBERED_ORIGINS + FORGOTTEN_AT_ONCE) forgetOldest(byKey, FORGOTTEN_AT_ONCE);
      return base(origin);
    },
    serveAt(origin) {
      served = origin;
    },
  };
}
