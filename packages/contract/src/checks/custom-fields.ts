/** Checks of custom fields: update (§4.4), the five value forms (§2), reading back (§4.3). */
import { zVideo } from '@video-api/schema/zod';
import { type Context, ensure } from '../context.js';
import { everyValueForm, valueFormExamples } from '../examples.js';
import { describe } from '../http.js';
import { ensureJson, ensureShape, ensureSuccess, sameValue } from './shapes.js';

/** Writes `fields`, reads the video back, and fails unless every field comes back equal. */
export async function roundTrip(ctx: Context, key: string, fields: Record<string, unknown>): Promise<string> {
  const put = await ctx.putFields(key, fields);
  ensureSuccess(put, `PUT custom-fields of ${key}`);
  const get = await ctx.getVideo(key);
  ensureSuccess(get, `GET ${key}`);
  const stored = ensureShape(zVideo, get.json, `GET ${key}`).simpleCustomFields;
  for (const [name, value] of Object.entries(fields)) {
    ensure(name in stored, `field "${name}" was written but GET does not return it: ${describe(get)}`);
    ensure(
      sameValue(value, stored[name]),
      `field "${name}": wrote ${JSON.stringify(value)}, read ${JSON.stringify(stored[name])}`,
    );
  }
  return `${Object.keys(fields).join(', ')} read back equal`;
}

export async function checkCustomFields(ctx: Context, key: string): Promise<void> {
  await ctx.check('custom-fields update answers 2XX JSON in the shape of get-video', '4.4', async () => {
    const put = await ctx.putFields(key, everyValueForm);
    ensureSuccess(put, `PUT custom-fields of ${key}`);
    ensureJson(put, `PUT custom-fields of ${key}`);
    const video = ensureShape(zVideo, put.json, `PUT custom-fields of ${key}`);
    ensure(
      video.videoKey === key,
      `videoKey is ${JSON.stringify(video.videoKey)}, expected ${JSON.stringify(key)}`,
    );
    return `status ${put.status}`;
  });
  await ctx.check('get-video returns every custom field', '4.3', async () =>
    roundTrip(ctx, key, everyValueForm),
  );
  for (const [form, fields] of valueFormExamples) {
    await ctx.check(`a ${form} value round-trips through update and get`, '2', async () =>
      roundTrip(ctx, key, fields),
    );
  }
}
