/**
 * The unknowns the suite observes: the spec's registry, and those the suite keeps itself because
 * the registry does not list them yet. A local unknown's observations go to the report's
 * `localObservations`, so tools that read `observations` by the spec's ids (the mock's twin) are not
 * handed an id the spec does not have; once the spec lists the id, its observation moves there.
 */
import {
  hasReadings,
  idsWithReadings,
  isReading,
  type ReadingOf,
  type UnspecifiedIdWithReadings,
} from '@video-api/schema/unspecified';
import type { ObservationId } from './types.js';

/** What the suite keeps of an unknown the registry does not list: its section, sentence and readings. */
interface LocalUnknown {
  source: string;
  says: string;
  readings: Record<string, string>;
}

/**
 * Unknowns of the document that the spec's registry does not mark yet, with their readings. None
 * today: `create-answer-order`, the last one, is in the spec since it was marked there.
 */
export const LOCAL_UNKNOWNS: Record<never, LocalUnknown> = {};

export type LocalUnknownId = keyof typeof LOCAL_UNKNOWNS;

/** The reading names of an unknown the suite observes: the registry's, or the suite's own list. */
export type ObservedReadingOf<Id extends ObservationId> = Id extends UnspecifiedIdWithReadings
  ? ReadingOf<Id>
  : Id extends LocalUnknownId
    ? string
    : never;

const localIds = Object.keys(LOCAL_UNKNOWNS) as LocalUnknownId[];

/** Whether `id` is kept by the suite itself: local, and not (yet) in the spec's registry. */
export const isLocal = (id: ObservationId): id is LocalUnknownId => !hasReadings(id);

/** Every unknown a run observes: the registry's, then the suite's own (those the registry lacks). */
export const observedIds: readonly ObservationId[] = [
  ...idsWithReadings,
  ...localIds.filter((id) => !hasReadings(id)),
];

/** Whether `reading` is one of the readings of `id` (from the registry, or the suite's own list). */
export function isKnownReading(id: ObservationId, reading: string): boolean {
  if (hasReadings(id)) return isReading(id, reading);
  const local = (LOCAL_UNKNOWNS as Record<string, LocalUnknown | undefined>)[id];
  return local !== undefined && Object.hasOwn(local.readings, reading);
}
