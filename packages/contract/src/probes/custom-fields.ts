/** Probes of custom fields: definition and null (§2), omitted fields on update (§4.4). */

import type { ReadingOf } from '@video-api/schema';
import type { Context } from '../context/context.js';
import { everyValueForm } from '../support/examples.js';
import { describe, type Exchange, isClientError, isSuccess } from '../support/http.js';
import { sameValue } from '../support/same-value.js';
import { showValue } from '../support/shown.js';
import { recognise, type Signs } from '../support/signs.js';

/**
 * Writes a never-defined field: accepted, `implicit`. Refused: fields are defined beforehand, and a
 * field of the spec's examples (`views`, a number there) written with its own form and then with
 * text tells `predefined` (any form) from `typed` (only its type's form).
 */
const DEFINITION: Signs<'custom-field-definition', { put: Exchange; wrong?: Exchange }> = {
  implicit: ({ put }) => isSuccess(put.status),
  predefined: ({ wrong }) => wrong !== undefined && isSuccess(wrong.status),
  typed: ({ wrong }) => wrong !== undefined && isClientError(wrong.status),
};

export async function probeDefinition(ctx: Context, key: string) {
  return ctx.observe('custom-field-definition', async () => {
    const name = `contract_${Date.now().toString(36)}`;
    const put = await ctx.api.putFields(key, { [name]: 'x' });
    const evidence = `writing the never-defined field "${name}": ${describe(put)}`;
    if (!isClientError(put.status)) return recognise(DEFINITION, { put }, evidence);
    const [field, value] = numberExample();
    const right = await ctx.api.putFields(key, { [field]: value });
    if (!isSuccess(right.status)) {
      return {
        notObserved: `${evidence}; the spec's example field "${field}" is not writable here either (${describe(right)}), so predefined and typed cannot be told apart`,
      };
    }
    const wrong = await ctx.api.putFields(key, { [field]: 'contract: text in a number field' });
    const both = `${evidence}; "${field}" takes ${showValue(value)}, and text: ${describe(wrong)}`;
    return recognise(DEFINITION, { put, wrong }, both);
  });
}

/** The field of the spec's examples that holds a number (the integer counter), with its value. */
function numberExample(): [string, number] {
  const found = Object.entries(everyValueForm).find(([, value]) => typeof value === 'number');
  if (!found) throw new Error('the spec has no example field with a number');
  return found as [string, number];
}

type Fields = Record<string, unknown>;

/**
 * Whether a field has no value in a read: absent, or `null` (a read may show a field without a
 * value as null, `custom-field-types=any-json`).
 */
const gone = (fields: Fields, name: string) => !(name in fields) || fields[name] === null;

/** The probe's writes, in order: two fields, then one of them. */
const OMITTED_WRITES: readonly Fields[] = [
  { note: 'omitted probe', views: 7 },
  { note: 'omitted probe, second write' },
];

/** The names the last write leaves out that an earlier one wrote: what the unknown is about. */
const OMITTED_NAMES = ['views'];

/**
 * What each `custom-fields-omitted` reading makes of the stored fields after a write (§4.4): the
 * probe knows a reading by what it predicts the writes leave of the omitted names. A reading the
 * spec adds needs its own prediction here, and the writes must tell it from every other reading
 * (test/omitted-probe.test.ts fails while two readings predict the same read-back).
 */
const OMITTED: Readonly<
  Record<ReadingOf<'custom-fields-omitted'>, (stored: Readonly<Fields>, written: Readonly<Fields>) => Fields>
> = {
  merge: (stored, written) => ({ ...stored, ...written }),
  replace: (_stored, written) => ({ ...written }),
};

/** What `reading` predicts a read shows of the omitted names after the probe's writes (absent: gone). */
export function predictedOmitted(reading: ReadingOf<'custom-fields-omitted'>): Fields {
  let stored: Fields = {};
  for (const written of OMITTED_WRITES) stored = OMITTED[reading](stored, written);
  return Object.fromEntries(
    OMITTED_NAMES.filter((name) => !gone(stored, name)).map((name) => [name, stored[name]]),
  );
}

/** Whether a read shows exactly what `predicted` says of the omitted names (null read as gone). */
const shows = (fields: Fields, predicted: Fields) =>
  OMITTED_NAMES.every((name) =>
    name in predicted ? sameValue(predicted[name], fields[name]) : gone(fields, name),
  );

/** One sign per reading: the read shows that reading's prediction (predictions differ, so one at most). */
export const OMITTED_SIGNS = Object.fromEntries(
  Object.keys(OMITTED).map((reading) => {
    const predicted = predictedOmitted(reading as ReadingOf<'custom-fields-omitted'>);
    return [reading, (fields: Fields) => shows(fields, predicted)];
  }),
) as Signs<'custom-fields-omitted', Fields>;

/** PUT the writes (two fields, then one of them), then GET: the omitted one is kept (merge) or gone (replace). */
export async function probeOmitted(ctx: Context, key: string) {
  return ctx.observe('custom-fields-omitted', async () => {
    const puts = [];
    for (const written of OMITTED_WRITES) puts.push(await ctx.api.putFields(key, written));
    if (!puts.every((put) => isSuccess(put.status))) {
      return { notObserved: `a write failed: ${puts.map(describe).join(' / ')}` };
    }
    const get = await ctx.api.getVideo(key);
    const fields = (get.json as { simpleCustomFields?: Fields } | undefined)?.simpleCustomFields;
    if (!fields) return { notObserved: `get-video gave no custom fields: ${describe(get)}` };
    const names = Object.keys(fields).map((name) => (fields[name] === null ? `${name} (null)` : name));
    const wrote = OMITTED_WRITES.map((written) => `{${Object.keys(written).join(', ')}}`).join(', then ');
    const evidence = `wrote ${wrote}; read back fields: ${names.join(', ') || '(none)'}`;
    return recognise(OMITTED_SIGNS, fields, evidence);
  });
}

/** A write of null: refused (4XX), or accepted and the field gone when read back. */
const NULL: Signs<'custom-field-null', { put: Exchange; fields?: Fields | undefined }> = {
  rejected: ({ put }) => isClientError(put.status),
  'removes-field': ({ fields }) => fields !== undefined && gone(fields, 'note'),
};

export async function probeNull(ctx: Context, key: string) {
  return ctx.observe('custom-field-null', async () => {
    await ctx.api.putFields(key, { note: 'null probe' });
    const put = await ctx.api.putFields(key, { note: null });
    if (!isSuccess(put.status)) return recognise(NULL, { put }, describe(put));
    const get = await ctx.api.getVideo(key);
    const fields = (get.json as { simpleCustomFields?: Fields } | undefined)?.simpleCustomFields;
    return recognise(NULL, { put, fields }, `null accepted (${put.status}); then GET: ${describe(get)}`);
  });
}
