/** Types of waiting for readiness. */
import type { Video } from '@video-api/schema';

/** What a readiness predicate says of one reading of the video. */
export type Readiness = 'ready' | 'pending' | 'failed';

export interface ReadinessContext {
  /** fetch of the client (to probe a playback address, for instance). */
  fetch: (request: Request) => Promise<Response>;
  signal: AbortSignal | undefined;
  /** 1 for the first poll. */
  poll: number;
  /**
   * The HLS playlist address known for this video when its record may not carry one: the
   * `playlistUrl` option of the wait, else the address create returned to this client.
   */
  playlistUrl?: string | undefined;
}

/**
 * Decides readiness from a video record. `true` means ready, `false` pending. The readiness field
 * is unknown (§4.3, unknown `readiness-field`), hence pluggable.
 */
type ReadinessPredicate = (
  video: Video,
  context: ReadinessContext,
) => Readiness | boolean | Promise<Readiness | boolean>;

export interface WaitOptions {
  /** Decides readiness (default `defaultIsReady`, a guess for the real service). */
  isReady?: ReadinessPredicate | undefined;
  /** Delay before the second poll in ms (default 1000); grows 1.5x per poll. */
  intervalMs?: number | undefined;
  /** Largest delay between polls in ms (default 10 000). */
  maxIntervalMs?: number | undefined;
  /** Give up after this long in ms (default 600 000), with a TimeoutError. */
  timeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called after each poll with the video and the verdict. */
  onPoll?:
    | ((info: {
        poll: number;
        video: Video;
        readiness: Readiness;
        elapsedMs: number;
      }) => void | Promise<void>)
    | undefined;
  /** Overrides the client's sleep (tests). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Overrides the client's fetch for the predicate. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /**
   * Clock for the deadline (default Date.now). The time a custom `sleep` was asked to wait counts
   * too, so a sleep that only advances a virtual clock still reaches the deadline.
   */
  now?: (() => number) | undefined;
  /**
   * The video's HLS playlist address (what create returned, §2), for the default check when the
   * record carries none. The client's own `waitForReady` knows the addresses its creates returned.
   */
  playlistUrl?: string | undefined;
}
