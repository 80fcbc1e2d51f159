/**
 * The JSON text of a record's get/update representation (§4.3), remembered with the record. A
 * frozen record is one the memory store keeps (the only place records are frozen, and it freezes
 * them deep), so the same record object under the same phase, shape readings and streaming base
 * always gives the same text: a repeated GET skips building and serializing it. The text lives
 * exactly as long as its record (a WeakMap keyed by the record): a write stores a new record, the
 * old one and its text are collected together, and no store size makes remembered texts thrash.
 * Under a `custom-field-types` reading that shows the defined fields without a value, the text also
 * depends on the definitions, which change apart from records: it is built afresh each time.
 */

import { type DefinedFields, readsDefinitions } from './read-fields.js';
import type { Phase, VideoRecord } from './types.js';
import { type IsoClock, type ShapeReadings, statesShown, videoRepresentation } from './video-shapes.js';

interface Remembered {
  phase: Phase;
  order: string;
  readiness: string;
  states: string | undefined;
  fields: string;
  formats: string;
  base: string;
  text: string;
}

export class ShapeTextCache {
  #texts = new WeakMap<VideoRecord, Remembered>();
  /** Texts remembered since the last clear (a WeakMap has no size; for tests). */
  #remembered = 0;

  /**
   * `JSON.stringify(videoRepresentation(...))`, from memory when nothing it depends on changed. The
   * shape readings are read in the order videoRepresentation reads them, so a request names the
   * same readings as played either way. Only reads remember (`remember`): a record just written is
   * often replaced before it is read, and remembering it would keep its text alive past young
   * collections. A record is remembered under one shape at a time (the last one read).
   */
  text(
    record: VideoRecord,
    phase: Phase,
    readings: ShapeReadings,
    base: string,
    clock: IsoClock,
    defined: DefinedFields,
    remember = true,
  ): string {
    const build = () => JSON.stringify(videoRepresentation(record, phase, readings, base, clock, defined));
    if (!remember || !Object.isFrozen(record)) return build();
    const order = readings.get('list-order');
    if (readsDefinitions(readings.get('custom-field-types'))) return build();
    const formats = readings.get('custom-field-formats');
    const readiness = readings.get('readiness-field');
    const states = statesShown(readiness, readings);
    const fields = readings.get('video-record-fields');
    const known = this.#texts.get(record);
    if (
      known !== undefined &&
      known.phase === phase &&
      known.order === order &&
      known.readiness === readiness &&
      known.states === states &&
      known.fields === fields &&
      known.formats === formats &&
      known.base === base
    ) {
      return known.text;
    }
    const text = build();
    if (known === undefined) this.#remembered++;
    this.#texts.set(record, { phase, order, readiness, states, fields, formats, base, text });
    return text;
  }

  /** Records whose text was remembered since the last clear, collected ones included (for tests). */
  get rememberedCount(): number {
    return this.#remembered;
  }

  clear(): void {
    this.#texts = new WeakMap();
    this.#remembered = 0;
  }
}
