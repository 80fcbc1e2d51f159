/** Bounded probes of the limits the document does not show (§8). */
import { parseRetryAfter } from '@video-api/schema';
import type { Context } from '../context/context.js';
import { isServerError } from '../support/evidence.js';
import { describe, type Exchange, isClientError, isSuccess, urlOf } from '../support/http.js';
import { pathOf } from '../support/operations.js';
import { recognise, type Signs } from '../support/signs.js';
import { type DeclaredLengthAnswer, sendDeclaredLength } from './declared-length.js';

/** A create answered: accepted (2XX) or refused (4XX), the reading's own words for each. */
const bounded = (
  accepted: (create: Exchange) => string,
  refused: (create: Exchange) => string,
): Signs<'field-length-limits' | 'videos-per-create-limit', Exchange> => ({
  unlimited: (create) => isSuccess(create.status) && accepted(create),
  limited: (create) => isClientError(create.status) && refused(create),
});

export async function probeFieldLength(ctx: Context) {
  return ctx.observe('field-length-limits', async () => {
    const size = ctx.options.fieldLengthProbeSize;
    const create = await ctx.api.createVideos([{ title: 't'.repeat(size) }]);
    const signs = bounded(
      ({ status }) => `a ${size}-character title was accepted (${status}); longer ones not probed`,
      (refused) => `a ${size}-character title: ${describe(refused)}`,
    );
    return recognise(signs, create, describe(create));
  });
}

export async function probeVideosPerCreate(ctx: Context) {
  return ctx.observe('videos-per-create-limit', async () => {
    const size = ctx.options.createLimitProbeSize;
    const videos = Array.from({ length: size }, (_, i) => ({ title: ctx.api.title(`bulk ${i}`) }));
    const create = await ctx.api.createVideos(videos);
    const signs = bounded(
      () => `${size} videos in one request were accepted; more not probed`,
      (refused) => `${size} videos: ${describe(refused)}`,
    );
    return recognise(signs, create, describe(create));
  });
}

/** What an upload declaring a size it never sends shows: a 413, or an acceptance once the body ended short. */
const FILE_SIZE: Signs<'file-size-limit', { answer: DeclaredLengthAnswer; evidence: string }> = {
  'rejects-413': ({ answer }) => answer.status === 413,
  'no-limit': ({ answer, evidence }) =>
    answer.endedShort &&
    answer.status !== undefined &&
    isSuccess(answer.status) &&
    `${evidence}: accepted, the declared size was not refused (a limit enforced only while more bytes stream than were sent is not probed)`,
};

export async function probeFileSize(ctx: Context, key: string) {
  return ctx.observe('file-size-limit', async () => {
    const declared = 2 ** 40; // 1 TiB, declared but not sent
    const url = urlOf(ctx.target, pathOf('uploadVideoSource', { videoKey: key }), true);
    const answer = await sendDeclaredLength(ctx.target, url, declared, 3000);
    const evidence = `an upload declaring ${declared} bytes: ${answer.detail}`;
    if (answer.status !== undefined && isServerError(answer.status)) {
      return { notObserved: `the server answered 5xx (${answer.status}): ${evidence}` };
    }
    // A connection that was never made is no evidence of anything.
    if (answer.failure === 'unreachable') return { notObserved: evidence };
    const found = recognise(FILE_SIZE, { answer, evidence }, evidence);
    // Answered (or cut) while the body was open, from the declared size alone, but not with a 413: other.
    if (found.reading !== 'other' || !answer.endedShort) return found;
    // No answer while the body was open, nor a 2XX after: a server that enforces its limit while
    // streaming cannot be told from one without a limit, short of sending that many bytes.
    return {
      notObserved: `${evidence}; without an answer a limit enforced while streaming cannot be told from no limit`,
    };
  });
}

/** A burst of requests: no 429 at all, or a 429 with a Retry-After every layer can read. */
const RATE_LIMITS: Signs<'rate-limits', { limited?: Exchange }> = {
  none: ({ limited }) => limited === undefined,
  '429-retry-after': ({ limited }) =>
    parseRetryAfter(limited?.headers.get('retry-after') ?? null) !== undefined,
};

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
        return recognise(
          RATE_LIMITS,
          { limited: get },
          `429 after ${sent} requests, Retry-After: ${retryAfter ?? '(none)'}`,
        );
      }
    }
    return recognise(RATE_LIMITS, {}, `no 429 in ${max} back-to-back requests`);
  });
}
