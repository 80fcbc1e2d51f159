/**
 * The one constructor of a video record (create §4.1 and the seed of the control API build records
 * with it), and the members of a record the mock's bounds measure beside its custom fields.
 */
import type { FieldValue, Phase, VideoRecord } from './types.js';

/** What create (§4.1) or a seed gives of a new video. */
export interface NewVideo {
  title: string;
  tags?: string[] | undefined;
  projectKey: string;
  /** The token that created it (for the `owner-only` readings); a seed may name one. */
  owner: string | undefined;
  customFields?: Readonly<Record<string, FieldValue>> | undefined;
  /** A seed may start a video in a later phase (`SEEDABLE_PHASES`). */
  phase?: Phase | undefined;
}

/**
 * The members a client writes that the bounds measure beside custom fields: `maxFieldLength`
 * (under `field-length-limits: limited`) bounds each text in them, `maxRecordBytes` their JSON.
 */
export const BOUNDED_MEMBERS = ['title', 'tags'] as const satisfies readonly (keyof NewVideo &
  keyof VideoRecord)[];

/** The bounded members of a record or of a new video. */
export type BoundedParts = Pick<VideoRecord, (typeof BOUNDED_MEMBERS)[number]>;

/** The custom fields of every new record created without any (most): one frozen object for all of them. */
const NO_FIELDS: Readonly<Record<string, FieldValue>> = Object.freeze({});

/** The one frozen empty schedule of records with nothing scheduled (most): the memory store keeps it as is. */
export const NOTHING_SCHEDULED: VideoRecord['schedule'] = Object.freeze(
  [],
) as unknown as VideoRecord['schedule'];

/**
 * A new record, in phase `created` unless the video names one, created and updated `now`.
 *
 * @example
 * store.put(newRecord(store.nextKey(), { title: 'Intro', projectKey: 'p-1', owner: token }, clock.now()));
 */
export function newRecord(key: string, video: NewVideo, now: number): VideoRecord {
  return {
    key,
    title: video.title,
    ...(video.tags && { tags: video.tags }),
    projectKey: video.projectKey,
    owner: video.owner,
    customFields: video.customFields === undefined ? NO_FIELDS : { ...video.customFields },
    phase: video.phase ?? 'created',
    createdAt: now,
    updatedAt: now,
    schedule: NOTHING_SCHEDULED,
  };
}
