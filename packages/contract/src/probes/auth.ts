/** Probes of the authorization of get-video and update-custom-fields (§5: not shown). */
import type { UnspecifiedIdWithReadings } from '@video-api/schema/unspecified';
import type { Context } from '../context.js';
import { describe, type Exchange, isClientError, isSuccess } from '../http.js';

async function probe(
  ctx: Context,
  id: UnspecifiedIdWithReadings,
  otherRefused: string | undefined,
  call: (auth: 'none' | 'other') => Promise<Exchange>,
) {
  return ctx.observe(id, async () => {
    const anonymous = await call('none');
    if (isSuccess(anonymous.status))
      return { reading: 'not-required', evidence: `without a token: ${describe(anonymous)}` };
    if (!isClientError(anonymous.status)) return { reading: 'other', evidence: describe(anonymous) };
    if (!ctx.target.otherToken || otherRefused) {
      const why = otherRefused
        ? `the second token is refused by create too (${otherRefused}), so its 4xx tells nothing`
        : 'give a second token to tell';
      return {
        reading: 'required',
        evidence: `without a token: ${anonymous.status}; owner-only not ruled out (${why})`,
      };
    }
    const other = await call('other');
    const evidence = `without a token: ${anonymous.status}; with another account's token: ${describe(other)}`;
    if (isSuccess(other.status)) return { reading: 'required', evidence };
    if (isClientError(other.status)) return { reading: 'owner-only', evidence };
    return { reading: 'other', evidence };
  });
}

export async function probeAuth(ctx: Context, key: string): Promise<void> {
  // A 4xx with the second token tells owner-only apart only when that token is valid: create
  // (§5.1: it requires a valid token) must accept it.
  let otherRefused: string | undefined;
  if (ctx.target.otherToken) {
    const create = await ctx.step(() => ctx.createVideos([{ title: ctx.title('second token') }], 'other'));
    if (create && !isSuccess(create.status)) otherRefused = describe(create);
  }
  await probe(ctx, 'auth-get-video', otherRefused, (auth) => ctx.getVideo(key, auth));
  await probe(ctx, 'auth-update-custom-fields', otherRefused, (auth) =>
    ctx.putFields(key, { note: 'auth probe' }, auth),
  );
}
