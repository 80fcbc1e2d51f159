/**
 * How a probe tells the readings of an unknown apart: one sign per reading of the spec, so a
 * reading added to the spec is a type error at every probe that must learn to see it.
 */
import type { ReadingOf, UnspecifiedIdWithReadings } from '@video-api/schema';

/** The readings of each of the unknowns `Id` (all of them, for a union of ids). */
export type ReadingsOf<Id extends UnspecifiedIdWithReadings> = Id extends UnspecifiedIdWithReadings
  ? ReadingOf<Id>
  : never;

/**
 * Per reading of `Id`, whether what was seen (`Seen`) shows it: `false` (or undefined) when it does
 * not, `true` when it does (the evidence is the probe's), or the evidence itself when this reading
 * words it its own way.
 */
export type Signs<Id extends UnspecifiedIdWithReadings, Seen> = Record<
  ReadingsOf<Id>,
  (seen: Seen) => boolean | string | undefined
>;

/**
 * The first reading, in the order of `signs`, whose sign shows in `seen`, with its evidence;
 * `other` with `evidence` when none does.
 *
 * @example
 * const signs: Signs<'custom-fields-omitted', Fields> = {
 *   merge: (fields) => fields.views === 7,
 *   replace: (fields) => !('views' in fields),
 * };
 * recognise(signs, { note: 'x' }, 'read back: note'); // { reading: 'replace', evidence: 'read back: note' }
 */
export function recognise<Id extends UnspecifiedIdWithReadings, Seen>(
  signs: Signs<Id, Seen>,
  seen: Seen,
  evidence: string,
): { reading: ReadingsOf<Id> | 'other'; evidence: string } {
  for (const [reading, sign] of Object.entries(signs) as Array<
    [ReadingsOf<Id>, Signs<Id, Seen>[ReadingsOf<Id>]]
  >) {
    const shown = sign(seen);
    if (shown === true) return { reading, evidence };
    if (typeof shown === 'string') return { reading, evidence: shown };
  }
  return { reading: 'other', evidence };
}

/** The end of a `switch` over readings that covers them all: a reading left out does not compile. */
export function assertNever(value: never): never {
  throw new TypeError(`no case for ${JSON.stringify(value)}`);
}
