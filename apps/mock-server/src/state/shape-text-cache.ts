/**
 * The JSON text of a record's get/update representation (§4.3), remembered for the records shown
 * last. A frozen record is one the memory store keeps (the only place records are frozen, and it
 * freezes them deep), so the same record object under the same phase, shape readings and
 * streaming base always gives the same text: a repeated GET skips building and serializing it.
 * Under a `custom-field-types` reading that shows the defined fields without a value, the text also
 * depends on the definitions, which change apart from records: it is built afresh each time.
 */

import { showsUnsetFields } from '../readings/switches.js';
import type { DefinedFields } from './read-fields.js';
import type { Phase, VideoRecord } from './types.js';
import { type IsoClock, type ShapeReadings, statesShown, videoRepresentation } from './video-shapes.js';

/** Records whose text is remembered at once (oldest forgotten first). */
const REMEMBERED = 256;

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
  readonly #texts = new Map<VideoRecord, Remembered>();

  /**
   * `JSON.stringify(videoRepresentation(...))`, from memory when nothing it depends on changed. The
   * shape readings are read in the order videoRepresentation reads them, so a request names the
   * same readings as played either way. Only reads remember (`remember`): a record just written is
   * often replaced before it is read, and remembering it would keep it alive past young collections.
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
    if (showsUnsetFields[readings.get('custom-field-types')]) return build();
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
    if (known === undefined && this.#texts.size >= REMEMBERED) {
      const oldest = this.#texts.keys().next().value;
      if (oldest !== undefined) this.#texts.delete(oldest);
    }
    this.#texts.set(record, { phase, order, readiness, states, fields, formats, base, text });
    return text;
  }

  /** Records remembered now (for tests). */
  get size(): number {
    return this.#texts.size;
  }

  clear(): void {
    this.#texts.clear();
  }
}
