/** Probes of the authorization of get-video and update-custom-fields (§5: not shown). */
import type { Context } from '../context/context.js';
import { describe, type Exchange, isClientError, isSuccess } from '../support/http.js';
import { recognise, type Signs } from '../support/signs.js';

type AuthId = 'auth-get-video' | 'auth-update-custom-fields';

/** Answers without a token and, when it could be sent, with another account's valid token. */
const AUTH: Signs<AuthId, { anonymous: Exchange; other?: Exchange }> = {
  'not-required': ({ anonymous }) => isSuccess(anonymous.status) && `without a token: ${describe(anonymous)}`,
  required: ({ other }) => other !== undefined && isSuccess(other.status),
  'owner-only': ({ other }) => other !== undefined && isClientError(other.status),
};

async function probe(
  ctx: Context,
  id: AuthId,
  otherRefused: string | undefined,
  call: (auth: 'none' | 'other') => Promise<Exchange>,
) {
  return ctx.observe(id, async () => {
    const anonymous = await call('none');
    if (!isClientError(anonymous.status)) return recognise(AUTH, { anonymous }, describe(anonymous));
    if (!usableOther(ctx) || otherRefused) {
      // A token is needed, but whether any valid token will do (required) or only the owner's
      // (owner-only) takes a second account's token to tell.
      const why = otherRefused
        ? `the second token is refused by create too (${otherRefused}), so its 4xx tells nothing`
        : 'no second token of another account was given (--other-token)';
      return {
        notObserved: `without a token: ${anonymous.status}, so a token is needed; required and owner-only cannot be told apart: ${why}`,
      };
    }
    const other = await call('other');
    const evidence = `without a token: ${anonymous.status}; with another account's token: ${describe(other)}`;
    return recognise(AUTH, { anonymous, other }, evidence);
  });
}

/** A second token that can tell owner-only apart: given, and not the run's own token. */
const usableOther = (ctx: Context) =>
  ctx.target.otherToken !== undefined &&
  ctx.target.otherToken !== '' &&
  ctx.target.otherToken !== ctx.target.token;

export async function probeAuth(ctx: Context, key: string): Promise<void> {
  // A 4xx with the second token tells owner-only apart only when that token is valid: create
  // (§5.1: it requires a valid token) must accept it.
  let otherRefused: string | undefined;
  if (usableOther(ctx)) {
    const create = await ctx.step(() =>
      ctx.api.createVideos([{ title: ctx.api.title('second token') }], 'other'),
    );
    if (create && !isSuccess(create.status)) otherRefused = describe(create);
  }
  await probe(ctx, 'auth-get-video', otherRefused, (auth) => ctx.api.getVideo(key, auth));
  await probe(ctx, 'auth-update-custom-fields', otherRefused, (auth) =>
    ctx.api.putFields(key, { note: 'auth probe' }, auth),
  );
}
