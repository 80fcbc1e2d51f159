/** Probes of custom fields: definition and null (§2), omitted fields on update (§4.4). */
import type { Context } from '../context.js';
import { describe, isClientError, isSuccess } from '../http.js';

export async function probeDefinition(ctx: Context, key: string) {
  return ctx.observe('custom-field-definition', async () => {
    const name = `contract_${Date.now().toString(36)}`;
    const put = await ctx.putFields(key, { [name]: 'x' });
    const evidence = `writing the never-defined field "${name}": ${describe(put)}`;
    if (isSuccess(put.status)) return { reading: 'implicit', evidence };
    if (isClientError(put.status)) return { reading: 'predefined', evidence };
    return { reading: 'other', evidence };
  });
}

/** PUT two fields, then one of them, then GET: the other is kept (merge) or gone (replace). */
export async function probeOmitted(ctx: Context, key: string) {
  return ctx.observe('custom-fields-omitted', async () => {
    const first = await ctx.putFields(key, { note: 'omitted probe', views: 7 });
    const second = await ctx.putFields(key, { note: 'omitted probe, second write' });
    if (!isSuccess(first.status) || !isSuccess(second.status)) {
      return { notObserved: `a write failed: ${describe(first)} / ${describe(second)}` };
    }
    const get = await ctx.getVideo(key);
    const fields = (get.json as { simpleCustomFields?: Record<string, unknown> } | undefined)
      ?.simpleCustomFields;
    if (!fields) return { notObserved: `get-video gave no custom fields: ${describe(get)}` };
    const evidence = `wrote {note, views}, then {note}; read back fields: ${Object.keys(fields).join(', ') || '(none)'}`;
    if (fields.views === 7) return { reading: 'merge', evidence };
    if (!('views' in fields)) return { reading: 'replace', evidence };
    return { reading: 'other', evidence };
  });
}

export async function probeNull(ctx: Context, key: string) {
  return ctx.observe('custom-field-null', async () => {
    await ctx.putFields(key, { note: 'null probe' });
    const put = await ctx.putFields(key, { note: null });
    if (isClientError(put.status)) return { reading: 'rejected', evidence: describe(put) };
    if (!isSuccess(put.status)) return { reading: 'other', evidence: describe(put) };
    const get = await ctx.getVideo(key);
    const fields = (get.json as { simpleCustomFields?: Record<string, unknown> } | undefined)
      ?.simpleCustomFields;
    const evidence = `null accepted (${put.status}); then GET: ${describe(get)}`;
    if (fields && !('note' in fields)) return { reading: 'removes-field', evidence };
    return { reading: 'other', evidence };
  });
}
