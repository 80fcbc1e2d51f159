/** Probe of a create with an empty `videos` (§1: "Create one or more video records"; none: not shown). */
import type { Context } from '../context/context.js';
import { describe, isClientError, isSuccess } from '../support/http.js';

/** `rejected` for a 4xx, `accepted-empty` for a 2XX with an empty array, `other` for anything else. */
export async function probeEmptyCreate(ctx: Context) {
  return ctx.observe('create-empty-videos', async () => {
    const create = await ctx.api.createVideos([]);
    const evidence = `a create with "videos": []: ${describe(create)}`;
    if (isClientError(create.status)) return { reading: 'rejected', evidence };
    if (isSuccess(create.status) && Array.isArray(create.json) && create.json.length === 0) {
      return { reading: 'accepted-empty', evidence };
    }
    return { reading: 'other', evidence };
  });
}
