/**
 * §3 does not show the transitions (`video-transitions`): whether a video that has a source takes a
 * second upload. A second upload to the ready video of the run: taken, every video takes one; refused,
 * a second upload to a fresh video whose processing is not over yet tells whether ready alone is final.
 */
import type { Context } from '../context/context.js';
import type { Finding } from '../context/recorder.js';
import { refuse5xx } from '../support/evidence.js';
import { describe, type Exchange, isClientError, isSuccess } from '../support/http.js';
import { recognise, type Signs } from '../support/signs.js';

/** What the probe saw: the second upload to a ready video, and the one to a video not ready yet. */
interface Reuploads {
  ready: Exchange;
  notReady?: Exchange;
}

const TRANSITIONS: Signs<'video-transitions', Reuploads> = {
  'reupload-reprocesses': ({ ready }) => isSuccess(ready.status),
  'reupload-rejected': ({ ready, notReady }) =>
    isClientError(ready.status) && notReady !== undefined && isClientError(notReady.status),
  'reupload-until-ready': ({ ready, notReady }) =>
    isClientError(ready.status) && notReady !== undefined && isSuccess(notReady.status),
};

/** Fresh videos tried when processing ended before the second upload could tell (a fast server). */
const ATTEMPTS = 2;

/** A second upload to a fresh video right after its first, or why it tells nothing. */
async function beforeReady(ctx: Context): Promise<Exchange | string> {
  const key = await ctx.api.createOne('second upload');
  const first = await ctx.api.upload(key);
  refuse5xx(first);
  if (!isSuccess(first.status)) return `the first upload to a fresh video was refused (${describe(first)})`;
  const second = await ctx.api.upload(key);
  refuse5xx(second);
  if (isSuccess(second.status)) return second;
  // Refused: it tells only if the video was not ready yet when the refusal came.
  const now = await ctx.api.getVideo(key);
  const video = now.json as Record<string, unknown> | undefined;
  if (ctx.isReady === undefined) return 'readiness cannot be told on this target';
  if (isSuccess(now.status) && video && !(await ctx.isReady(video, key))) return second;
  return `the video was ready by the time its second upload was refused (${describe(second)})`;
}

export async function probeTransitions(ctx: Context, key: string) {
  return ctx.observe('video-transitions', async (): Promise<Finding<'video-transitions'>> => {
    const ready = await ctx.api.upload(key);
    refuse5xx(ready);
    const onReady = `a second upload to a ready video: ${describe(ready)}`;
    if (!isClientError(ready.status)) return recognise(TRANSITIONS, { ready }, onReady);
    const why: string[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const notReady = await beforeReady(ctx);
      if (typeof notReady === 'string') {
        why.push(notReady);
        continue;
      }
      const evidence = `${onReady}; a second upload to a video not ready yet: ${describe(notReady)}`;
      return recognise(TRANSITIONS, { ready, notReady }, evidence);
    }
    return {
      notObserved: `${onReady}; whether a video not ready yet takes one is not seen: ${why.join('; ')}`,
    };
  });
}
