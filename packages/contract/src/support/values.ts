/**
 * Custom field values of the five forms of §2, generated from the run's seed: a server that answers
 * a fixed example cannot pass a round trip, and `--seed` writes the very same values again.
 */
import fc from 'fast-check';
import { valueFormExamples } from './examples.js';
import { sameValue } from './same-value.js';

/** One value form of §2: the field the spec's example writes it to, and how to generate one. */
interface ValueForm {
  /** The form's name, as the checks say it: `string (free text note)`. */
  form: string;
  /** The field of the spec's example of this form (a server with predefined fields knows it). */
  field: string;
  /** The spec's example value, which a generated value never equals (boolean aside). */
  example: unknown;
  arbitrary: fc.Arbitrary<unknown>;
}

const text = (maxLength: number) => fc.string({ unit: 'grapheme', minLength: 1, maxLength });
/** Whole seconds from 1970 to 2999, in the spec's example form `2026-11-22T08:30:00Z`. */
const dateTime = fc
  .integer({ min: 0, max: 32_503_679_999 })
  .map((seconds) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z'));

const ARBITRARIES: fc.Arbitrary<unknown>[] = [
  text(40), // string
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), // number (integer counter)
  fc.boolean(), // boolean
  dateTime, // ISO 8601 UTC date-time string
  fc.array(text(16), { minLength: 1, maxLength: 4 }), // array of strings
];

/** The five forms of §2 in the order of the spec's examples. */
export const VALUE_FORMS: readonly ValueForm[] = valueFormExamples.map(([form, fields], i) => {
  const [field, example] = Object.entries(fields)[0] as [string, unknown];
  return { form, field, example, arbitrary: ARBITRARIES[i] as fc.Arbitrary<unknown> };
});

/** A form's two values: written one after the other, both must read back. */
export interface GeneratedValues {
  form: string;
  field: string;
  values: [unknown, unknown];
}

/**
 * Two different values per form from `seed`, neither the spec's example; for a boolean the value
 * and its negation, so one of them differs from any fixed answer. Same seed, same values.
 *
 * @example
 * generatedValues(7)[0]; // { form: 'string (free text note)', field: 'note', values: ['…', '…'] }
 */
export function generatedValues(seed: number): GeneratedValues[] {
  return VALUE_FORMS.map(({ form, field, example, arbitrary }, i) => {
    const pair =
      typeof example === 'boolean'
        ? (arbitrary as fc.Arbitrary<boolean>).map((b): [unknown, unknown] => [b, !b])
        : fc
            .tuple(arbitrary, arbitrary)
            .filter(([a, b]) => !sameValue(a, b) && !sameValue(a, example) && !sameValue(b, example));
    const [values] = fc.sample(pair, { seed: (seed + i) | 0, numRuns: 1 });
    return { form, field, values: values as [unknown, unknown] };
  });
}

/** One body of every form: the first generated value of each, under the example's field names. */
export function everyFormGenerated(seed: number): Record<string, unknown> {
  return Object.fromEntries(generatedValues(seed).map(({ field, values }) => [field, values[0]]));
}
