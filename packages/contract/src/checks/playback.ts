/**
 * §2: `primaryPlaybackUrl.hls.url` is the address of an HLS playlist on the streaming domain. It is
 * fetched once the video is ready; a host that does not answer fails this check, naming the host,
 * and the run goes on (the API answered, the streaming host did not).
 */

import type { Context } from '../context/context.js';
import { CheckFailure, CheckSkipped } from '../context/failures.js';
import { describe, type Exchange, isSuccess } from '../support/http.js';
import { showText, VALUE_PREFIX } from '../support/shown.js';

/** The HLS address create gave the video `key`, if any. */
export function playbackOf(created: Exchange | undefined, key: string): string | undefined {
  const body = created?.json;
  if (!Array.isArray(body)) return undefined;
  const video = body.find((v: { key?: unknown } | null) => v?.key === key) as
    | { primaryPlaybackUrl?: { hls?: { url?: unknown } } }
    | undefined;
  const url = video?.primaryPlaybackUrl?.hls?.url;
  return typeof url === 'string' && URL.canParse(url) ? url : undefined;
}

/** Checks that the HLS address of the ready video `key` answers with an HLS playlist. */
export async function checkPlayback(ctx: Context, key: string, url: string | undefined, ready: boolean) {
  await ctx.check('the HLS address of a ready video serves an HLS playlist', '2', async () => {
    if (url === undefined) throw new CheckSkipped(`not run: create gave no HLS address for ${key}`);
    const got = await ctx.api.fetchPlayback(url);
    if ('noAnswer' in got) {
      const host = showText(new URL(url).host, VALUE_PREFIX);
      throw new CheckFailure(`the playback host ${host} did not answer: ${got.noAnswer.message}`);
    }
    const answer = got.exchange;
    const playlist = isSuccess(answer.status) && answer.text.trimStart().startsWith('#EXTM3U');
    if (playlist)
      return `${answer.status} ${showText(answer.contentType, VALUE_PREFIX) || '(no content type)'}, an HLS playlist`;
    if (!ready) {
      throw new CheckSkipped(
        `not decided: video ${key} is not known to be ready, and its HLS address answered ${describe(answer)}`,
      );
    }
    if (answer.status === 401 || answer.status === 403) {
      // How the streaming domain authorizes playback is not shown (unknown `streaming-domain`).
      throw new CheckSkipped(
        `not decided: the HLS address asks for an authorization the document does not show: ${describe(answer)}`,
      );
    }
    throw new CheckFailure(
      `GET ${showText(url, VALUE_PREFIX)}: expected an HLS playlist (a 2XX whose body starts with #EXTM3U), got ${describe(answer)}`,
    );
  });
}
