/**
 * Checks of custom fields: update (§4.4), the five value forms (§2), reading back (§4.3). Every
 * value written is generated from the run's seed, so a server that answers a fixed example fails.
 */

import { zVideo } from '@video-api/schema/zod';
import type { Context } from '../context/context.js';
import { ensure } from '../context/failures.js';
import { describe } from '../support/http.js';
import { sameValue } from '../support/same-value.js';
import { showValue } from '../support/shown.js';
import { everyFormGenerated, generatedValues } from '../support/values.js';
import { ensureJson, ensureShape, ensureSuccess } from './shapes.js';

/**
 * Writes `fields`, reads the video back, and fails unless every field comes back equal. `origin`
 * says where the values came from, in a failure (`generated from seed 7; replay with --seed 7`).
 */
export async function roundTrip(
  ctx: Context,
  key: string,
  fields: Record<string, unknown>,
  origin?: string,
): Promise<string> {
  const from = origin === undefined ? '' : ` (${origin})`;
  const put = await ctx.api.putFields(key, fields);
  ensureSuccess(put, `PUT custom-fields of ${key}`);
  const get = await ctx.api.getVideo(key);
  ensureSuccess(get, `GET ${key}`);
  const stored = ensureShape(zVideo, get.json, `GET ${key}`).simpleCustomFields;
  for (const [name, value] of Object.entries(fields)) {
    ensure(name in stored, `field "${name}" was written but GET does not return it${from}: ${describe(get)}`);
    ensure(
      sameValue(value, stored[name]),
      `field "${name}": wrote ${showValue(value)}, read ${showValue(stored[name])}${from}`,
    );
  }
  return `${Object.keys(fields).join(', ')} read back equal`;
}

/** How a failure names generated values, so that they can be written again. */
export const seeded = (seed: number) => `values generated from seed ${seed}; replay with --seed ${seed}`;

export async function checkCustomFields(ctx: Context, key: string): Promise<void> {
  const { seed } = ctx.options;
  const everyForm = everyFormGenerated(seed);
  await ctx.check('custom-fields update answers 2XX JSON in the shape of get-video', '4.4', async () => {
    const put = await ctx.api.putFields(key, everyForm);
    ensureSuccess(put, `PUT custom-fields of ${key}`);
    ensureJson(put, `PUT custom-fields of ${key}`);
    const video = ensureShape(zVideo, put.json, `PUT custom-fields of ${key}`);
    ensure(video.videoKey === key, `videoKey is ${showValue(video.videoKey)}, expected ${showValue(key)}`);
    return `status ${put.status}`;
  });
  await ctx.check('get-video returns every custom field', '4.3', async () =>
    roundTrip(ctx, key, everyForm, seeded(seed)),
  );
  for (const { form, field, values } of generatedValues(seed)) {
    await ctx.check(`a ${form} value round-trips through update and get`, '2', async () => {
      for (const value of values) await roundTrip(ctx, key, { [field]: value }, seeded(seed));
      return `"${field}": ${values.map((v) => showValue(v)).join(', then ')} read back equal (seed ${seed})`;
    });
  }
}
