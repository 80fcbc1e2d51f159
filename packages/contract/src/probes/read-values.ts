/**
 * Probes of what a read of custom fields carries (§2): whether a string list keeps the order it
 * was written in (`list-order`), and whether every value read is in one of the five forms
 * (`custom-field-types`). Neither is asserted: the round trips compare lists in any order.
 */

import { zCustomFieldValue } from '@video-api/schema/zod';
import type { Context } from '../context/context.js';
import { refuse5xx } from '../support/evidence.js';
import { everyValueForm } from '../support/examples.js';
import { describe, type Exchange, isSuccess } from '../support/http.js';
import { sameValue } from '../support/same-value.js';
import { showValue } from '../support/shown.js';
import { recognise, type Signs } from '../support/signs.js';

type Fields = Record<string, unknown>;

const fieldsOf = (exchange: Exchange): Fields | undefined =>
  (exchange.json as { simpleCustomFields?: Fields } | undefined)?.simpleCustomFields;

/**
 * Distinct strings in an order no sorting gives (neither ascending nor descending, nor by length),
 * so that a server keeping lists as sets, sorted or hashed, is seen reordering them.
 */
const ORDER_PROBE_LIST = ['order-c', 'order-a', 'order-dd', 'order-b'];

/** The field of the spec's examples that holds a string list (writable wherever fields are defined). */
function listField(): string {
  const found = Object.entries(everyValueForm).find(([, value]) => Array.isArray(value));
  if (!found) throw new Error('the spec has no example field with an array of strings');
  return found[0];
}

/** A list as read back by one answer: where it was read, and what it held. */
interface ListRead {
  from: string;
  list: unknown;
}

const sameOrder = (list: unknown) =>
  Array.isArray(list) &&
  list.length === ORDER_PROBE_LIST.length &&
  list.every((item, i) => item === ORDER_PROBE_LIST[i]);

/** Every read in the written order (kept), or one with the same strings in another (any-order). */
const ORDER: Signs<'list-order', ListRead[]> = {
  kept: (reads) => reads.every(({ list }) => sameOrder(list)),
  'any-order': (reads) =>
    reads.every(({ list }) => sameValue(ORDER_PROBE_LIST, list)) &&
    reads.some(({ list }) => !sameOrder(list)),
};

/** Writes a list of four distinct strings, then reads it back from the update's answer and a GET. */
export async function probeListOrder(ctx: Context, key: string) {
  return ctx.observe('list-order', async () => {
    const field = listField();
    const put = await ctx.api.putFields(key, { [field]: ORDER_PROBE_LIST });
    if (!isSuccess(put.status)) return { notObserved: `the list could not be written: ${describe(put)}` };
    const get = await ctx.api.getVideo(key);
    const reads: ListRead[] = [];
    for (const [from, exchange] of [
      ['the update answer', put],
      ['GET', get],
    ] as const) {
      const fields = isSuccess(exchange.status) ? fieldsOf(exchange) : undefined;
      if (fields && field in fields) reads.push({ from, list: fields[field] });
    }
    if (!reads.some(({ from }) => from === 'GET')) {
      return { notObserved: `GET did not give the list back: ${describe(get)}` };
    }
    const shown = reads.map(({ from, list }) => `${from} ${showValue(list)}`).join('; ');
    return recognise(ORDER, reads, `wrote "${field}": ${showValue(ORDER_PROBE_LIST)}; read back: ${shown}`);
  });
}

/** A value read that is in none of the five forms of §2 (the schema `listed-forms` narrows reads to). */
interface Outside {
  name: string;
  value: unknown;
}

const TYPES: Signs<'custom-field-types', { outside: Outside[]; values: number }> = {
  'listed-forms': ({ outside, values }) => outside.length === 0 && values > 0,
  'any-json': ({ outside }) =>
    outside.length > 0 &&
    `values in none of the five forms of §2: ${outside
      .slice(0, 3)
      .map(({ name, value }) => `"${name}": ${showValue(value)}`)
      .join(', ')}${outside.length > 3 ? ` and ${outside.length - 3} more` : ''}`,
};

/**
 * Looks at every custom field value of `before` (a video before any write) and of a GET of `key`
 * (after every form was written): each in one of the five forms (`CustomFieldValue`), or not.
 */
export async function probeFieldTypes(ctx: Context, before: Exchange, key: string) {
  return ctx.observe('custom-field-types', async () => {
    refuse5xx(before);
    const get = await ctx.api.getVideo(key);
    const reads = [before, get].filter((exchange) => isSuccess(exchange.status));
    const outside: Outside[] = [];
    let values = 0;
    for (const fields of reads.map(fieldsOf)) {
      for (const [name, value] of Object.entries(fields ?? {})) {
        values += 1;
        if (!zCustomFieldValue.safeParse(value).success) outside.push({ name, value });
      }
    }
    if (values === 0) return { notObserved: `no custom field value was read: ${describe(get)}` };
    const evidence = `${values} values in ${reads.length} reads, each in one of the five forms of §2`;
    return recognise(TYPES, { outside, values }, evidence);
  });
}
