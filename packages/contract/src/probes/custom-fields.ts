/** Probes of custom fields: definition and null (§2), omitted fields on update (§4.4). */

import type { Context } from '../context/context.js';
import { everyValueForm } from '../support/examples.js';
import { describe, type Exchange, isClientError, isSuccess } from '../support/http.js';
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

/** Fields read back after writing {note, views} and then {note}: views kept, or gone. */
const OMITTED: Signs<'custom-fields-omitted', Fields> = {
  merge: (fields) => fields.views === 7,
  replace: (fields) => gone(fields, 'views'),
};

/** PUT two fields, then one of them, then GET: the other is kept (merge) or gone (replace). */
export async function probeOmitted(ctx: Context, key: string) {
  return ctx.observe('custom-fields-omitted', async () => {
    const first = await ctx.api.putFields(key, { note: 'omitted probe', views: 7 });
    const second = await ctx.api.putFields(key, { note: 'omitted probe, second write' });
    if (!isSuccess(first.status) || !isSuccess(second.status)) {
      return { notObserved: `a write failed: ${describe(first)} / ${describe(second)}` };
    }
    const get = await ctx.api.getVideo(key);
    const fields = (get.json as { simpleCustomFields?: Fields } | undefined)?.simpleCustomFields;
    if (!fields) return { notObserved: `get-video gave no custom fields: ${describe(get)}` };
    const names = Object.keys(fields).map((name) => (fields[name] === null ? `${name} (null)` : name));
    const evidence = `wrote {note, views}, then {note}; read back fields: ${names.join(', ') || '(none)'}`;
    return recognise(OMITTED, fields, evidence);
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
