/**
 * Playback (§2): `primaryPlaybackUrl.hls.url` points at `/hls/<videoKey>/playlist.m3u8` under the
 * streaming base. Once the video is ready the mock serves a valid HLS media playlist and a
 * segment; before that a 404 that says why.
 */
import type { Hono } from 'hono';
import type { MockCore } from '../core.js';
import { MockHttpError, notFound } from '../http/errors.js';
import type { RequestReadings } from '../readings/request-readings.js';
import { stateOf } from '../state/representation.js';
import type { RequestPipeline } from '../http/pipeline.js';
import type { MockEnv } from '../types.js';
import { placeholderSegment } from './mpeg-ts.js';

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
function readyVideo(core: MockCore, key: string, readings: RequestReadings): void {
  core.lifecycle.settle();
  const record = core.store.get(key);
  if (!record) throw notFound(`No video has the key "${key}".`);
  const phase = core.lifecycle.phaseOf(record);
  if (phase === 'ready') return;
  // The state as GET shows it under this request's `video-states` reading.
  const state = stateOf(phase, readings.get('video-states'));
  const detail =
    phase === 'failed'
      ? `Video "${key}" failed processing and will not become playable (state: ${state}); upload its source again.`
      : `Video "${key}" is not ready for playback yet (state: ${state}).`;
  throw new MockHttpError(404, 'not-ready', 'Not ready', detail);
}

export function playbackRoutes(app: Hono<MockEnv>, core: MockCore, wrap: RequestPipeline['wrap']): void {
  app.get(
    '/hls/:videoKey/playlist.m3u8',
    wrap((c) => {
      readyVideo(core, c.req.param('videoKey') ?? '', c.get('readings'));
      return c.body(mediaPlaylist(), 200, { 'content-type': 'application/vnd.apple.mpegurl' });
    }),
  );
  app.get(
    `/hls/:videoKey/${SEGMENT_NAME}`,
    wrap((c) => {
      readyVideo(core, c.req.param('videoKey') ?? '', c.get('readings'));
      return c.body(SEGMENT.slice(), 200, { 'content-type': 'video/mp2t' });
    }),
  );
}
