/**
 * The one constructor of a video record (create §4.1 and the seed of the control API build records
 * with it), and the members of the create entry it copies, which the bounds measure beside the
 * custom fields and the representation shows: read from the generated schema of the entry, so a
 * member the spec adds to it is kept, bounded and shown with no edit here.
 */
import type { CreateVideoEntry, Video } from '@video-api/schema';
import { zCreateVideoEntry } from '@video-api/schema/zod';
import type { z } from 'zod';
import type { FieldValue, Phase, VideoRecord } from './types.js';

/** The members of `T` it names, without the index signature of an open (loose) object. */
type Named<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

/** A create entry (§4.1) as the generated schema reads it (an optional member may be `undefined`). */
export type Entry = Named<z.output<typeof zCreateVideoEntry>>;

/**
 * The names of the entry's members: the generated type's, which the generated schema's must be
 * (`BOUNDED_MEMBERS`) and `Entry` must index (`entryOf`).
 */
type EntryMember = keyof CreateVideoEntry;

/** What create (§4.1) or a seed gives of a new video: the entry, and what the request or the seed adds. */
export type NewVideo = Entry & {
  projectKey: string;
  /** The token that created it (for the `owner-only` readings); a seed may name one. */
  owner: string | undefined;
  customFields?: Readonly<Record<string, FieldValue>> | undefined;
  /** A seed may start a video in a later phase (`SEEDABLE_PHASES`). */
  phase?: Phase | undefined;
};

/**
 * Every member of the create entry, in the spec's order: a record keeps each, the representation
 * shows each (`video-record-fields: with-extra-fields`), and the bounds measure each beside custom
 * fields: `maxFieldLength` (under `field-length-limits: limited`) bounds each text in them,
 * `maxRecordBytes` their JSON.
 */
export const BOUNDED_MEMBERS: readonly EntryMember[] = Object.keys(
  zCreateVideoEntry.shape,
) as (keyof Entry)[];

/** The bounded members of a record or of a new video. */
export type BoundedParts = Pick<VideoRecord, EntryMember>;

/**
 * The members of the entry `from` holds (none of what else it carries: an open schema lets
 * extra members through).
 *
 * @example
 * entryOf({ title: 'Intro', tags: undefined, extra: 1 }); // { title: 'Intro' }
 */
export function entryOf(from: Entry): CreateVideoEntry {
  const entry: Record<string, unknown> = {};
  for (const member of BOUNDED_MEMBERS) {
    const value = from[member];
    if (value !== undefined) entry[member] = value;
  }
  return entry as CreateVideoEntry; // each member of the entry, as the entry holds it
}

/**
 * Puts each member of the entry `from` holds on the representation `to` (§4.3, under
 * `video-record-fields: with-extra-fields`), arrays copied: written in place, member by member, so
 * the answer of every update is built without an object per member set (a PUT's answer is built
 * anew each time).
 *
 * @example
 * showEntry(video, record); // video.title, video.tags as the record holds them
 */
export function showEntry(to: Video, from: Entry): void {
  const shown: Record<string, unknown> = to; // an open record (§4.3: "shortened"): any member may be shown
  for (const member of BOUNDED_MEMBERS) {
    const value = from[member];
    if (value !== undefined) shown[member] = Array.isArray(value) ? [...value] : value;
  }
}

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
    ...entryOf(video),
    projectKey: video.projectKey,
    owner: video.owner,
    customFields: video.customFields === undefined ? NO_FIELDS : { ...video.customFields },
    phase: video.phase ?? 'created',
    createdAt: now,
    updatedAt: now,
    schedule: NOTHING_SCHEDULED,
  };
}
