/**
 * The default readiness predicate. The document does not show which field tells readiness (§4.3)
 * nor the states (§3), so this is a GUESS for the real service: it understands the three readings
 * the mock can play and nothing more. Pass your own `isReady` once the real field is known.
 */
import { type CreatedVideo, type ReadingOf, stateMeaning, type Video } from '@video-api/schema';
import { raceSignal } from '../http/signals.js';
import type { Readiness, ReadinessContext } from './types.js';

/**
 * The HLS playlist address of a record or of what create returned, when it carries one (§2:
 * primaryPlaybackUrl.hls.url).
 *
 * @example
 * const [created] = await client.createVideos({ projectKey: 'demo', videos: [{ title: 'a' }] });
 * playlistUrl(created); // 'http://localhost:4010/hls/v-0001/playlist.m3u8'
 * playlistUrl(await client.getVideo(created.key)); // the same, or undefined where get shows none
 */
export function playlistUrl(video: Video | CreatedVideo): string | undefined {
  const playback = video.primaryPlaybackUrl as { hls?: { url?: unknown } } | undefined;
  const url = playback?.hls?.url;
  return typeof url === 'string' ? url : undefined;
}

/** What a record says under one reading of `readiness-field`; undefined when it is not of that form. */
type ReadinessReader = (
  video: Video,
  context: ReadinessContext,
) => Readiness | undefined | Promise<Readiness>;

/** Tried in this order; the first reading whose form the record has decides. */
const readinessReaders: Record<ReadingOf<'readiness-field'>, ReadinessReader> = {
  'status-string': (video) => {
    const status = video.status ?? video.state;
    if (typeof status !== 'string') return undefined;
    const meaning = stateMeaning(status);
    return meaning === 'ready' || meaning === 'failed' ? meaning : 'pending';
  },
  'ready-flag': (video) =>
    typeof video.ready === 'boolean' ? (video.ready ? 'ready' : 'pending') : undefined,
  'playback-only': playlistAnswers,
};

/** Ready when the HLS playlist answers 2xx; the record's address, else the one create returned. */
async function playlistAnswers(video: Video, context: ReadinessContext): Promise<Readiness> {
  const url = playlistUrl(video) ?? context.playlistUrl;
  if (url === undefined) return 'pending';
  try {
    const init: RequestInit = { method: 'GET' };
    if (context.signal) init.signal = context.signal;
    // A custom fetch may ignore the signal; the check must still end with the wait's deadline.
    const pending = context.fetch(new Request(url, init));
    const response = await (context.signal ? raceSignal(pending, context.signal) : pending);
    // Not awaited: under msw in Node the cancel of a mocked body never settles (README, waiting).
    response.body?.cancel().catch(() => {});
    return response.ok ? 'ready' : 'pending';
  } catch {
    return 'pending';
  }
}

/**
 * Readings understood, in order:
 * - `status-string`: a `status` string, its word read by `stateMeaning` of `@video-api/schema`:
 *   "ready" (or a synonym such as "completed") is ready, "failed" (or "error") failed.
 * - `ready-flag`: a boolean `ready`.
 * - `playback-only`: no field; the HLS playlist answering 2xx means ready. The address is the
 *   record's, else `context.playlistUrl` (what create returned): a record may carry none.
 *
 * @example
 * await client.waitForReady(key, { isReady: (video) => video.state === 'READY' }); // your own field
 */
export async function defaultIsReady(video: Video, context: ReadinessContext): Promise<Readiness> {
  for (const read of Object.values(readinessReaders)) {
    const readiness = await read(video, context);
    if (readiness !== undefined) return readiness;
  }
  return 'pending';
}
