/**
 * How a stored video looks on the wire: the creation shape (§2, §4.1) and the get/update shape
 * (§2, §4.3) under the readings `readiness-field`, `video-states`, `video-record-fields`,
 * `custom-field-formats`, `list-order` and `custom-field-types`.
 */

import type { ReadingOf } from '@video-api/schema';
import {
  type CreatedVideo,
  meaningOf,
  stateWords,
  type Video,
  type VideoState,
  videoStates,
} from '@video-api/schema';
import { alternativeFormats } from './field-types.js';
import { type DefinedFields, listsInOrder, shownFields } from './read-fields.js';
import { showEntry } from './record.js';
import type { Phase, VideoRecord } from './types.js';

/**
 * The state a client sees for a phase under the `video-states` reading (§3), all from the reading's
 * meaning in the spec: the phase when the reading uses its word (`stateWords` of
 * `@video-api/schema`); the reading's own word for it when it names every phase with one of its
 * own, in order (`processing-stages`: created is `Source waiting`, uploading `Source ingression`,
 * uploaded `Processing`, processing `Partially completed`); else an upload under way still shows
 * the reading's first word (no source yet: `created`), and a received one its `afterUpload` word
 * (`processing` under `basic`).
 */
export function stateOf(phase: Phase, videoStates: ReadingOf<'video-states'>): VideoState {
  const words = stateWords(videoStates);
  if (words.includes(phase)) return phase;
  const own = words.length === PHASES.length ? words[PHASES.indexOf(phase)] : undefined;
  if (own !== undefined) return own;
  const { afterUpload } = meaningOf('video-states', videoStates);
  return phase === 'uploading' ? (words[0] ?? afterUpload) : afterUpload;
}

/** The phases in the order of a video's life (`videoStates` of `@video-api/schema`). */
const PHASES = videoStates as readonly Phase[];

/** `<streamingBase>/hls/<videoKey>/playlist.m3u8`, the key URL-encoded (§2). */
function playlistUrl(streamingBase: string, key: string): string {
  const base = streamingBase.endsWith('/') ? streamingBase.replace(/\/+$/, '') : streamingBase;
  return `${base}/hls/${encodeURIComponent(key)}/playlist.m3u8`;
}

/** The creation shape (§4.1): key, title, primaryPlaybackUrl. */
export function createdVideo(record: VideoRecord, streamingBase: string): CreatedVideo {
  return {
    key: record.key,
    title: record.title,
    primaryPlaybackUrl: playback(record, streamingBase),
  };
}

function playback(record: VideoRecord, streamingBase: string) {
  return { name: 'primary', hls: { name: 'hls', url: playlistUrl(streamingBase, record.key) } };
}

/** The readings that shape the get/update representation (a request's readings record them as played). */
type ShapeId =
  | 'readiness-field'
  | 'video-states'
  | 'video-record-fields'
  | 'custom-field-formats'
  | 'list-order'
  | 'custom-field-types';
export interface ShapeReadings {
  get<Id extends ShapeId>(id: Id): ReadingOf<Id>;
}

/**
 * The member each `readiness-field` reading shows (§4.3 shows none): the state under `status`, a
 * `ready` flag, or none (readiness only from playback).
 */
const READINESS_MEMBERS: Readonly<Record<ReadingOf<'readiness-field'>, 'status' | 'ready' | undefined>> = {
  'status-string': 'status',
  'ready-flag': 'ready',
  'playback-only': undefined,
};

/**
 * The `video-states` reading the representation uses: read (and so played) only under a readiness
 * reading that shows the state.
 */
export function statesShown(
  readiness: ReadingOf<'readiness-field'>,
  readings: ShapeReadings,
): ReadingOf<'video-states'> | undefined {
  return READINESS_MEMBERS[readiness] === 'status' ? readings.get('video-states') : undefined;
}

/** Formats virtual times (the mock's clock). */
export interface IsoClock {
  iso(at: number): string;
}

/**
 * What each `video-record-fields` reading adds to the get representation (§4.3 lists videoKey,
 * simpleCustomFields and the playback URL only): nothing, or the record's other fields.
 */
const EXTRA_FIELDS: Readonly<
  Record<
    ReadingOf<'video-record-fields'>,
    (video: Video, record: VideoRecord, streamingBase: string, clock: IsoClock) => void
  >
> = {
  'listed-only': () => {},
  'with-extra-fields': (video, record, streamingBase, clock) => {
    showEntry(video, record); // every member of the create entry (§4.1), as given
    video.projectKey = record.projectKey;
    video.primaryPlaybackUrl = playback(record, streamingBase);
    video.createdAt = clock.iso(record.createdAt);
    video.updatedAt = clock.iso(record.updatedAt);
  },
};

/**
 * The get/update shape (§4.3): videoKey, simpleCustomFields (string lists in the `list-order`
 * reading's order, the defined fields without a value as `custom-field-types` says; the
 * alternative formats of `custom-field-formats` show the values only), the readiness field, extra
 * fields. `video-states` is read only when the readiness field is a status string; `defined` only
 * under a `custom-field-types` reading that shows unset fields.
 */
export function videoRepresentation(
  record: VideoRecord,
  phase: Phase,
  readings: ShapeReadings,
  streamingBase: string,
  clock: IsoClock,
  defined: DefinedFields,
): Video {
  const fields = listsInOrder(record.customFields, readings.get('list-order'));
  const video: Video = {
    videoKey: record.key,
    simpleCustomFields: shownFields(fields, readings.get('custom-field-types'), defined),
    ...alternativeFormats(fields, readings.get('custom-field-formats')),
  };
  const readiness = readings.get('readiness-field');
  const states = statesShown(readiness, readings);
  if (states !== undefined) video.status = stateOf(phase, states);
  if (READINESS_MEMBERS[readiness] === 'ready') video.ready = phase === 'ready';
  EXTRA_FIELDS[readings.get('video-record-fields')](video, record, streamingBase, clock);
  return video;
}
