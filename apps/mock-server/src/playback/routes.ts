/**
 * Playback (§2): `primaryPlaybackUrl.hls.url` points at `/hls/<videoKey>/playlist.m3u8` under the
 * streaming base. Once the video is ready the mock serves a valid HLS media playlist and a
 * segment; before that a 404 that says why.
 */
import type { Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import { HttpError, notFound } from '../http/errors.js';
import type { RequestPipeline } from '../http/pipeline.js';
import type { RequestReadings } from '../readings/request-readings.js';
import type { Lifecycle } from '../state/lifecycle.js';
import { stateOf } from '../state/representation.js';
import type { VideoStore } from '../state/video-store.js';
import { placeholderSegment } from './mpeg-ts.js';

/** What playback reads: the videos and where they are in their lifecycle. */
export interface PlaybackDeps {
  store: VideoStore;
  lifecycle: Lifecycle;
}

export const SEGMENT_NAME = 'segment0.ts';
const SEGMENT = placeholderSegment();

/** The media playlist of the placeholder: one 2-second segment, VOD, ended. */
export function mediaPlaylist(): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:2',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXTINF:2.000,',
    SEGMENT_NAME,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** Throws the 404 that says why `key` cannot be played: unknown, failed for good, or not ready yet. */
function readyVideo({ store, lifecycle }: PlaybackDeps, key: string, readings: RequestReadings): void {
  lifecycle.settle();
  const record = store.get(key);
  if (!record) throw notFound(key);
  const phase = lifecycle.phaseOf(record);
  if (phase === 'ready') return;
  // The state as GET shows it under this request's `video-states` reading.
  const state = stateOf(phase, readings.get('video-states'));
  const detail =
    phase === 'failed'
      ? `Video "${key}" failed processing and will not become playable (state: ${state}); upload its source again.`
      : `Video "${key}" is not ready for playback yet (state: ${state}).`;
  throw new HttpError(404, { code: 'not-ready', title: 'Not ready', detail });
}

/**
 * Static names, not `:segment` params: a param beside `playlist.m3u8` would make Hono fall back
 * from its RegExpRouter to the slower TrieRouter for every route of the app.
 */
const PLAYLIST_ROUTE = '/hls/:videoKey/playlist.m3u8';
const SEGMENT_ROUTE = `/hls/:videoKey/${SEGMENT_NAME}`;

export function playbackRoutes(app: Hono<MockEnv>, deps: PlaybackDeps, wrap: RequestPipeline['wrap']): void {
  app.get(
    PLAYLIST_ROUTE,
    wrap((c) => {
      readyVideo(deps, c.req.param('videoKey') ?? '', c.get('readings'));
      return c.body(mediaPlaylist(), 200, { 'content-type': 'application/vnd.apple.mpegurl' });
    }),
  );
  app.get(
    SEGMENT_ROUTE,
    wrap((c) => {
      readyVideo(deps, c.req.param('videoKey') ?? '', c.get('readings'));
      return c.body(SEGMENT.slice(), 200, { 'content-type': 'video/mp2t' });
    }),
  );
}
