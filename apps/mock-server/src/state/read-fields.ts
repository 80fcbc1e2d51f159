/**
 * The custom fields as a read shows them (§2, §4.3): string lists in the order the `list-order`
 * reading's meaning gives, and under `custom-field-types=any-json` every defined field the video has
 * no value for, as `null`.
 */

import { type MeaningOf, meaningOf, type ReadingOf } from '@video-api/schema';
import { firstMovedLast } from '../shared/first-moved-last.js';
import type { FieldDefinition, FieldValue } from './types.js';

type Fields = Readonly<Record<string, FieldValue>>;
type Order = MeaningOf<'list-order', ReadingOf<'list-order'>>['order'];

/**
 * How each `order` of the `list-order` meaning reads a string list back: as written, or in an
 * order of the mock's own (the first string moved last: another order for two strings or more,
 * the same strings as often as written, the same on every read).
 */
const LIST_ORDERS: Readonly<Record<Order, ((list: readonly string[]) => string[]) | undefined>> = {
  kept: undefined,
  any: firstMovedLast,
};

/**
 * `fields` with each string list of two strings or more in the reading's order (`fields` itself
 * when the order is kept, or no list would change).
 *
 * @example
 * listsInOrder({ topics: ['a', 'b'] }, 'any-order'); // { topics: ['b', 'a'] }
 */
export function listsInOrder(fields: Fields, reading: ReadingOf<'list-order'>): Fields {
  const reorder = LIST_ORDERS[meaningOf('list-order', reading).order];
  if (reorder === undefined) return fields;
  let read: Record<string, FieldValue> | undefined;
  for (const name of Object.keys(fields)) {
    const value = fields[name];
    if (!Array.isArray(value) || value.length < 2) continue;
    read ??= { ...fields };
    read[name] = reorder(value);
  }
  return read ?? fields;
}

const MEMBER = { enumerable: true, writable: true, configurable: true } as const;

/** The defined fields (`custom-field-definition`), read only under a reading that shows them. */
export type DefinedFields = () => readonly FieldDefinition[];

/**
 * What each `custom-field-types` reading adds to a read for the defined fields the video has no
 * value for: nothing (`undefined`: a read shows the stored fields only), or each as `null`. A read
 * under a reading with a function depends on the definitions, which change apart from records.
 */
const UNSET_FIELDS: Readonly<
  Record<
    ReadingOf<'custom-field-types'>,
    ((shown: Record<string, FieldValue | null>, defined: DefinedFields) => void) | undefined
  >
> = {
  'listed-forms': undefined,
  'any-json': (shown, defined) => {
    for (const { name } of defined()) {
      // Defined, not assigned: a field named "__proto__" stays a member.
      if (!Object.hasOwn(shown, name)) Object.defineProperty(shown, name, { value: null, ...MEMBER });
    }
  },
};

/**
 * The `simpleCustomFields` member of a read: `fields`, and under a `custom-field-types` reading that
 * shows values outside the five forms, `null` for every defined field without a value (§2 lists no
 * null form; `any-json` says a read may carry one).
 *
 * @example
 * shownFields({ note: 'x' }, 'any-json', () => [{ name: 'note' }, { name: 'views' }]); // { note: 'x', views: null }
 */
export function shownFields(
  fields: Fields,
  reading: ReadingOf<'custom-field-types'>,
  defined: DefinedFields,
): Record<string, FieldValue | null> {
  const shown: Record<string, FieldValue | null> = { ...fields };
  UNSET_FIELDS[reading]?.(shown, defined);
  return shown;
}

/** Whether a read under `reading` depends on the defined fields, not only on the record. */
export function readsDefinitions(reading: ReadingOf<'custom-field-types'>): boolean {
  return UNSET_FIELDS[reading] !== undefined;
}
