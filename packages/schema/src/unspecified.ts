/**
 * The unknowns registry: every `x-unspecified` marker of the spec with its JSON Pointer, and
 * typed helpers over it. An unknown's id and its readings are string-literal unions.
 *
 * @example
 * import { unspecified, type ReadingOf } from '@video-api/schema';
 * const omitted: ReadingOf<'custom-fields-omitted'> = 'merge';
 * unspecified['custom-fields-omitted'].says; // "Whether omitted fields are kept or removed: not shown."
 */
import type { components as ReadingBodies } from './generated/reading-bodies.js';
import { unspecified } from './generated/unspecified.js';

export { unspecified };

export type Unspecified = typeof unspecified;
/** The id of any unknown of the document. */
export type UnspecifiedId = keyof Unspecified;
/** The ids of the unknowns a server may play in several ways (markers with `readings`). */
export type UnspecifiedIdWithReadings = {
  [K in UnspecifiedId]: Unspecified[K] extends { readings: object } ? K : never;
}[UnspecifiedId];
/** The reading names of one unknown. */
export type ReadingOf<Id extends UnspecifiedId> = Unspecified[Id] extends { readings: infer R }
  ? Extract<keyof R, string>
  : never;
/** A choice of readings for some unknowns. */
export type ReadingChoice = { [K in UnspecifiedIdWithReadings]?: ReadingOf<K> };
/** One reading for every unknown with readings. */
export type ReadingSet = { [K in UnspecifiedIdWithReadings]: ReadingOf<K> };

/** The ids of the unknowns whose readings carry machine-readable meaning in the spec. */
export type UnspecifiedIdWithMeaning = {
  [K in UnspecifiedId]: Unspecified[K] extends { meaning: object } ? K : never;
}[UnspecifiedId];
/**
 * The machine-readable meaning the spec gives one reading: `words` (e.g. the states it uses),
 * `mediaType` and `schema` (a JSON Schema) of a body it produces, `status` (the status code it
 * answers with, per operation id), `auth` (the auth rule of its operation), `refuses` (the error
 * answers it gives: status, operations, headers).
 */
export type MeaningOf<
  Id extends UnspecifiedIdWithMeaning,
  R extends ReadingOf<Id>,
> = Unspecified[Id] extends {
  meaning: infer M;
}
  ? R extends keyof M
    ? M[R]
    : never
  : never;
/** The type of the body a reading produces, from the JSON Schema of its meaning. */
export type ReadingBody<
  Id extends UnspecifiedIdWithMeaning,
  R extends ReadingOf<Id>,
> = `${Id}.${R}` extends keyof ReadingBodies['schemas'] ? ReadingBodies['schemas'][`${Id}.${R}`] : never;

/** What one reading's meaning may hold (every member is optional). */
export interface ReadingMeaning {
  readonly words?: readonly string[];
  /** The word (one of `words`) of a video whose source was just received: what an upload's answer shows. */
  readonly afterUpload?: string;
  readonly mediaType?: string;
  /** A JSON Schema of the body; `false` when the reading produces none. */
  readonly schema?: Readonly<Record<string, unknown>> | false;
  /** The status code the reading answers with, per operation id. */
  readonly status?: Readonly<Record<string, number>>;
  /** The auth rule it gives the operation its marker sits on: required, optional, or no credential at all. */
  readonly auth?: 'bearer' | 'optional' | 'none';
  /** The answers with which it refuses a request: status, operations, headers. */
  readonly refuses?: ReadonlyArray<{
    readonly status: number;
    readonly on: readonly string[];
    readonly headers?: readonly string[];
  }>;
  /**
   * Requests it refuses: an inline example a tool can send (`name`, the `path` parameters and `body`
   * that differ from the operation's own example; the status is its own refusal, or that of the
   * chosen reading of `statusOf`), or `none`, why no inline request carries the refusal.
   */
  readonly requests?: ReadonlyArray<{
    readonly on: readonly string[];
    readonly name?: string;
    readonly path?: Readonly<Record<string, string>>;
    readonly body?: unknown;
    readonly statusOf?: string;
    /** The status, when the reading refuses the operation with more than one. */
    readonly status?: number;
    readonly none?: string;
  }>;
  /** The JSON Schema keywords it sets on schemas of the spec: `at` a JSON Pointer, `set` the keywords. */
  readonly narrows?: ReadonlyArray<{ readonly at: string; readonly set: Readonly<Record<string, unknown>> }>;
  /** How a list the unknown concerns comes back: in the order sent, reversed, or in any order. */
  readonly order?: 'kept' | 'reversed' | 'any';
  /** The body it produces is the schema at this JSON Pointer of the resolved document. */
  readonly sameAs?: string;
  /** The HTTP method (lowercase) of the request the unknown concerns (a webhook delivery). */
  readonly method?: string;
  /** The headers it puts on the request the unknown concerns (e.g. a signature). */
  readonly headers?: readonly string[];
  /** The media type (or range, such as `video/*`) of each part of the multipart request it takes, by part name. */
  readonly parts?: Readonly<Record<string, string>>;
  /**
   * An operation it adds to the API: where it sits, its summary, security scheme and success status,
   * the JSON Schemas of its request and answer bodies, and the unknowns whose chosen readings give
   * the statuses with which it refuses a request.
   */
  readonly operation?: {
    readonly path: string;
    readonly method: string;
    readonly operationId: string;
    readonly summary: string;
    readonly security: string;
    readonly status: number;
    readonly request: Readonly<Record<string, unknown>>;
    readonly answer: Readonly<Record<string, unknown>>;
    readonly refusedAs: readonly string[];
  };
}

export interface UnspecifiedMarker {
  readonly id: string;
  readonly pointer: string;
  readonly source: string;
  readonly says: string;
  /** What the document leaves open, in the spec's words, beside the quote. */
  readonly note?: string;
  /** Why the unknown has no readings. */
  readonly noReadings?: string;
  readonly readings?: Readonly<Record<string, string>>;
  readonly mock?: string;
  readonly meaning?: Readonly<Record<string, ReadingMeaning>>;
  /**
   * The places where the spec's prose describes the unknown as open: a JSON Pointer to a
   * `description` or `summary` and its words there (a resolved document replaces them).
   */
  readonly describedIn?: ReadonlyArray<{ readonly at: string; readonly text: string }>;
}

const entries = Object.values(unspecified) as readonly UnspecifiedMarker[];

/** Every unknown id, in spec order. */
export const unspecifiedIds = Object.keys(unspecified) as UnspecifiedId[];

/** The ids of unknowns that have readings, in spec order. */
export const idsWithReadings = entries
  .filter((marker) => marker.readings !== undefined)
  .map((marker) => marker.id) as UnspecifiedIdWithReadings[];

/** Whether `id` names an unknown of the spec. */
export function isUnspecifiedId(id: string): id is UnspecifiedId {
  return Object.hasOwn(unspecified, id);
}

/** Whether `id` names an unknown with readings. */
export function hasReadings(id: string): id is UnspecifiedIdWithReadings {
  return isUnspecifiedId(id) && (unspecified[id] as UnspecifiedMarker).readings !== undefined;
}

/** The reading names of an unknown (empty when it has none). */
export function readingsOf<Id extends UnspecifiedId>(id: Id): ReadingOf<Id>[] {
  const readings = (unspecified[id] as UnspecifiedMarker).readings;
  return (readings ? Object.keys(readings) : []) as ReadingOf<Id>[];
}

/** Whether `reading` is one of the readings of unknown `id`. */
export function isReading<Id extends UnspecifiedId>(id: Id, reading: string): reading is ReadingOf<Id> {
  return (readingsOf(id) as string[]).includes(reading);
}

/** The reading the mock plays for each unknown unless told otherwise. */
export function mockReadings(): ReadingSet {
  const set: Record<string, string> = {};
  for (const marker of entries) if (marker.mock !== undefined) set[marker.id] = marker.mock;
  return set as ReadingSet;
}

/**
 * The machine-readable meaning the spec gives a reading.
 *
 * @example
 * meaningOf('video-states', 'basic').words; // ['created', 'processing', 'ready', 'failed']
 * meaningOf('error-shape', 'problem-json').mediaType; // 'application/problem+json'
 */
export function meaningOf<Id extends UnspecifiedIdWithMeaning, const R extends ReadingOf<Id>>(
  id: Id,
  reading: R,
): MeaningOf<Id, R> {
  const meaning = (unspecified[id] as UnspecifiedMarker).meaning?.[reading];
  if (meaning === undefined) throw new TypeError(`"${reading}" is not a reading of ${id} with meaning`);
  return meaning as MeaningOf<Id, R>;
}
