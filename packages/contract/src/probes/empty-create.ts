/** Probe of a create with an empty `videos` (§1: "Create one or more video records"; none: not shown). */
import type { Context } from '../context/context.js';
import { describe, type Exchange, isClientError, isSuccess } from '../support/http.js';
import { recognise, type Signs } from '../support/signs.js';

/** `rejected` for a 4xx, `accepted-empty` for a 2XX with an empty array, `other` for anything else. */
const EMPTY_CREATE: Signs<'create-empty-videos', Exchange> = {
  rejected: (create) => isClientError(create.status),
  'accepted-empty': (create) =>
    isSuccess(create.status) && Array.isArray(create.json) && create.json.length === 0,
};

export async function probeEmptyCreate(ctx: Context) {
  return ctx.observe('create-empty-videos', async () => {
    const create = await ctx.api.createVideos([]);
    return recognise(EMPTY_CREATE, create, `a create with "videos": []: ${describe(create)}`);
  });
}
