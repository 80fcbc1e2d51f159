/** Bounded probes of the limits the document does not show (§8). */
import { parseRetryAfter } from '@video-api/schema';
import type { Context } from '../context/context.js';
import { isServerError } from '../support/evidence.js';
import { describe, isClientError, isSuccess, urlOf } from '../support/http.js';
import { pathOf } from '../support/operations.js';
import { sendDeclaredLength } from './declared-length.js';

export async function probeFieldLength(ctx: Context) {
  return ctx.observe('field-length-limits', async () => {
    const size = ctx.options.fieldLengthProbeSize;
    const create = await ctx.api.createVideos([{ title: 't'.repeat(size) }]);
    if (isSuccess(create.status)) {
      return {
        reading: 'unlimited',
        evidence: `a ${size}-character title was accepted (${create.status}); longer ones not probed`,
      };
    }
    if (isClientError(create.status))
      return { reading: 'limited', evidence: `a ${size}-character title: ${describe(create)}` };
    return { reading: 'other', evidence: describe(create) };
  });
}

export async function probeVideosPerCreate(ctx: Context) {
  return ctx.observe('videos-per-create-limit', async () => {
    const size = ctx.options.createLimitProbeSize;
    const videos = Array.from({ length: size }, (_, i) => ({ title: ctx.api.title(`bulk ${i}`) }));
    const create = await ctx.api.createVideos(videos);
    if (isSuccess(create.status)) {
      return {
        reading: 'unlimited',
        evidence: `${size} videos in one request were accepted; more not probed`,
      };
    }
    if (isClientError(create.status))
      return { reading: 'limited', evidence: `${size} videos: ${describe(create)}` };
    return { reading: 'other', evidence: describe(create) };
  });
}

export async function probeFileSize(ctx: Context, key: string) {
  return ctx.observe('file-size-limit', async () => {
    const declared = 2 ** 40; // 1 TiB, declared but not sent
    const url = urlOf(ctx.target, pathOf('uploadVideoSource', { videoKey: key }), true);
    const answer = await sendDeclaredLength(ctx.target, url, declared, 3000);
    const evidence = `an upload declaring ${declared} bytes: ${answer.detail}`;
    if (answer.status === 413) return { reading: 'rejects-413', evidence };
    if (answer.status !== undefined && isServerError(answer.status)) {
      return { notObserved: `the server answered 5xx (${answer.status}): ${evidence}` };
    }
    // A connection that was never made is no evidence of anything.
    if (answer.failure === 'unreachable') return { notObserved: evidence };
    if (!answer.endedShort) {
      // Answered (or cut) while the body was open, from the declared size alone, but not with a 413.
      return { reading: 'other', evidence };
    }
    if (answer.status !== undefined && isSuccess(answer.status)) {
      return {
        reading: 'no-limit',
        evidence: `${evidence}: accepted, the declared size was not refused (a limit enforced only while more bytes stream than were sent is not probed)`,
      };
    }
    // No answer while the body was open, nor a 2XX after: a server that enforces its limit while
    // streaming cannot be told from one without a limit, short of sending that many bytes.
    return {
      notObserved: `${evidence}; without an answer a limit enforced while streaming cannot be told from no limit`,
    };
  });
}

/** Last probe of a run: a bounded burst of get-video requests, looking for 429 and Retry-After. */
export async function probeRateLimit(ctx: Context, key: string) {
  return ctx.observe('rate-limits', async () => {
    const max = ctx.options.rateLimitProbeRequests;
    for (let sent = 1; sent <= max; sent++) {
      const get = await ctx.api.send({
        path: pathOf('getVideo', { videoKey: key }),
        retryRateLimited: false,
      });
      if (get.status === 429) {
        const retryAfter = get.headers.get('retry-after');
        const evidence = `429 after ${sent} requests, Retry-After: ${retryAfter ?? '(none)'}`;
        // The reading is a 429 that says when to come back: a Retry-After every layer can read.
        return { reading: parseRetryAfter(retryAfter) !== undefined ? '429-retry-after' : 'other', evidence };
      }
    }
    return { reading: 'none', evidence: `no 429 in ${max} back-to-back requests` };
  });
}

export async function probeTransitions(ctx: Context, key: string) {
  return ctx.observe('video-transitions', async () => {
    const again = await ctx.api.upload(key);
    const evidence = `a second upload to a ready video: ${describe(again)}`;
    if (isSuccess(again.status)) return { reading: 'reupload-reprocesses', evidence };
    if (isClientError(again.status)) return { reading: 'reupload-rejected', evidence };
    return { reading: 'other', evidence };
  });
}
