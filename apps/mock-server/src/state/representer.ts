/**
 * Shows stored records as the API does (§4.1, §4.3): in the shape the readings say, with playback
 * addresses under the right streaming base, remembered as text for repeated reads.
 */
import type { ReadingSet, Video } from '@video-api/schema';
import type { VirtualClock } from './clock.js';
import type { EventContext } from './events.js';
import type { Origins } from './origins.js';
import type { DefinedFields } from './read-fields.js';
import { ShapeTextCache } from './shape-text-cache.js';
import type { Phase, VideoRecord } from './types.js';
import { type ShapeReadings, videoRepresentation } from './video-shapes.js';

/** The record's phase as clients see it (the lifecycle knows about uploads in progress). */
type PhaseOf = (record: VideoRecord) => Phase;

export interface Representer {
  /** The get/update shape under a request's readings, for a request from `origin`. */
  video(record: VideoRecord, readings: ShapeReadings, origin: string): Video;
  /** `video` as JSON text, remembered while the record does not change (`remember` false on writes). */
  text(record: VideoRecord, readings: ShapeReadings, origin: string, remember?: boolean): string;
  /**
   * The shape an event carries, in its context, built when the returned function is called; the
   * context's origin is remembered at once (the video's later events use it).
   */
  event(record: VideoRecord, phase: Phase, context: EventContext): () => Video;
  /** Forgets remembered texts. */
  clear(): void;
}

/** A reading set (of events) in the shape videoRepresentation reads, recording nothing. */
function fixed(readings: ReadingSet): ShapeReadings {
  return { get: (id) => readings[id] };
}

/**
 * @example
 * const represent = createRepresenter({ phaseOf, clock, origins, defined: () => store.getDefinitions() });
 * represent.text(record, c.get('readings'), c.get('origin'));
 */
export function createRepresenter(deps: {
  phaseOf: PhaseOf;
  clock: VirtualClock;
  origins: Origins;
  /** The defined custom fields (`custom-field-types=any-json` shows those without a value). */
  defined: DefinedFields;
}): Representer {
  const { phaseOf, clock, origins, defined } = deps;
  const texts = new ShapeTextCache();
  return {
    video: (record, readings, origin) =>
      videoRepresentation(record, phaseOf(record), readings, origins.base(origin), clock, defined),
    text: (record, readings, origin, remember = true) =>
      texts.text(record, phaseOf(record), readings, origins.base(origin), clock, defined, remember),
    event: (record, phase, context) => {
      const base = origins.baseOfEvent(record.key, context.origin);
      return () => videoRepresentation(record, phase, fixed(context.readings), base, clock, defined);
    },
    clear: () => texts.clear(),
  };
}
