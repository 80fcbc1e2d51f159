/**
 * Playback (§2): `primaryPlaybackUrl.hls.url` points at `/hls/<videoKey>/playlist.m3u8` under the
 * streaming base. Once the video is ready the mock serves there a multivariant playlist, and under
 * `/hls/<videoKey>/<rendition>/` each rendition's media playlist and MPEG-TS segments: the real
 * renditions of the upload where the processor made them (ffmpeg under Node), else the placeholder
 * (./placeholder.ts). Before that a 404 that says why. HEAD answers the same headers; CORS comes
 * from the request pipeline. Every file says which it is in `X-Mock-Rendition`.
 */
import type { Context, Hono } from 'hono';
import type { MockEnv } from '../http/context.js';
import { HttpError, notFound } from '../http/errors.js';
import type { RequestPipeline } from '../http/pipeline.js';
import type { MockState } from '../instance/mock-state.js';
import type { RequestReadings } from '../readings/request-readings.js';
import type { OutputFile } from '../state/processing.js';
import type { VideoRecord } from '../state/types.js';
import { stateOf } from '../state/video-shapes.js';
import { placeholderMasterPlaylist, placeholderMediaPlaylist, placeholderSegment } from './placeholder.js';
import { PLAYLIST_TYPE, SEGMENT_TYPE } from './playlists.js';

/** The header that says which media a playback file belongs to. */
export const RENDITION_HEADER = 'X-Mock-Rendition';
/** What a ready video plays: renditions made from its upload, or the placeholder. */
type Rendition = 'transcoded' | 'placeholder';

/** What playback reads: the videos, where they are in their lifecycle, and processed output. */
export type PlaybackDeps = Pick<MockState, 'store' | 'lifecycle' | 'processor'>;

/** The record of `key` if it is ready; else the 404 that says why: unknown, failed for good, or not ready yet. */
async function readyVideo(
  { store, lifecycle }: PlaybackDeps,
  key: string,
  readings: RequestReadings,
): Promise<VideoRecord> {
  if (lifecycle.scheduled) await lifecycle.settle();
  const record = await store.get(key);
  if (!record) throw notFound(key);
  const phase = lifecycle.phaseOf(record);
  if (phase === 'ready') return record;
  // The state as GET shows it under this request's `video-states` reading.
  const state = stateOf(phase, readings.get('video-states'));
  const detail =
    phase === 'failed'
      ? `Video "${key}" failed processing and will not become playable (state: ${state}); upload its source again.`
      : `Video "${key}" is not ready for playback yet (state: ${state}).`;
  throw new HttpError(404, { code: 'not-ready', title: 'Not ready', detail });
}

const noSuchFile = (key: string, path: string) =>
  new HttpError(404, {
    code: 'not-found',
    title: 'Not found',
    detail: `Video "${key}" has no playback file "${path}"; its playlist.m3u8 lists the renditions, and each rendition's playlist its segments.`,
  });

/**
 * Whether `record` plays renditions of its upload. A processor that gates readiness marked the
 * record when it made them; one that does not (`transcode: 'auto'`) is asked, and its answer
 * waits for a transcode still running, so a video never switches media between two requests.
 */
async function renditionOf(deps: PlaybackDeps, key: string, record: VideoRecord): Promise<Rendition> {
  const { processor } = deps;
  if (!processor) return 'placeholder';
  if (processor.gatesReadiness) return record.renditions ? 'transcoded' : 'placeholder';
  return (await processor.open(key, 'playlist.m3u8')) ? 'transcoded' : 'placeholder';
}

/** The answer with `body` (bytes, text or a file of processed output); a HEAD gets the headers only. */
function answer(
  c: Context<MockEnv>,
  body: Uint8Array | string | OutputFile,
  type: string,
  rendition: Rendition,
): Response {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  // Bytes from another realm (jsdom's TextEncoder under Vitest) are no `instanceof Uint8Array` here.
  const isBytes = ArrayBuffer.isView(bytes);
  const size = isBytes ? bytes.byteLength : bytes.size;
  const headers = {
    'content-type': type,
    'content-length': String(size),
    'cache-control': 'no-cache',
    [RENDITION_HEADER]: rendition,
  };
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(isBytes ? bytes.slice() : bytes.stream(), 200, headers);
}

/** The file at `path` of the video `key` (`playlist.m3u8`, or `<rendition>/<file>`). */
async function playbackFile(c: Context<MockEnv>, deps: PlaybackDeps, path: string): Promise<Response> {
  const key = c.req.param('videoKey') ?? '';
  const record = await readyVideo(deps, key, c.get('readings'));
  const type = path.endsWith('.m3u8') ? PLAYLIST_TYPE : SEGMENT_TYPE;
  if ((await renditionOf(deps, key, record)) === 'transcoded' && deps.processor) {
    const file = await deps.processor.open(key, path);
    if (!file) throw noSuchFile(key, path);
    return answer(c, file, type, 'transcoded');
  }
  const [rendition = '', name = ''] = path.split('/');
  const body =
    path === 'playlist.m3u8'
      ? placeholderMasterPlaylist()
      : name === 'playlist.m3u8'
        ? placeholderMediaPlaylist(rendition)
        : placeholderSegment(rendition, name);
  if (body === undefined) throw noSuchFile(key, path);
  return answer(c, body, type, 'placeholder');
}

/**
 * The multivariant playlist at its static name, every other file under a wildcard: a `:param`
 * beside a static name at one level (`:rendition` beside `playlist.m3u8`) would make Hono fall
 * back from its RegExpRouter to the slower TrieRouter for every route of the app.
 */
const MASTER_ROUTE = '/hls/:videoKey/playlist.m3u8';
const FILES_ROUTE = '/hls/:videoKey/*';

export function playbackRoutes(app: Hono<MockEnv>, deps: PlaybackDeps, wrap: RequestPipeline['wrap']): void {
  app.get(
    MASTER_ROUTE,
    wrap((c) => playbackFile(c, deps, 'playlist.m3u8')),
  );
  app.get(
    FILES_ROUTE,
    // `<rendition>/<file>`: what follows `/hls/<videoKey>/` in the path.
    wrap((c) => playbackFile(c, deps, c.req.path.split('/').slice(3).join('/'))),
  );
}
