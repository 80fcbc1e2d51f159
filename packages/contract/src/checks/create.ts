/** Checks of create (§4.1) and of the creation shape of the video record (§2). */
import { zCreatedVideo } from '@video-api/schema/zod';
import { CheckFailure, CheckSkipped, type Context, ensure } from '../context.js';
import { describe, type Exchange, NO_EXCHANGE } from '../http.js';
import { ensureJson, ensureShape, ensureSuccess } from './shapes.js';

export interface CreateOutcome {
  exchange: Exchange;
  keys: string[];
}

/** A check of the elements' contents needs elements: an empty array is skipped (the count check fails it). */
function ensureElements(body: unknown[]): void {
  if (body.length === 0) {
    throw new CheckSkipped(
      'not run: create answered an empty array, so there is no video to check (§4.1 states one element per requested video; see the count check)',
    );
  }
}

/**
 * Creates two videos (one with tags) and checks the answer; returns their keys for later steps, or
 * stops the run when create gives none (a refused token says so).
 */
export async function checkCreate(ctx: Context): Promise<CreateOutcome | undefined> {
  const requested = [
    { title: ctx.title('create'), tags: ['contract', 'first'] },
    { title: ctx.title('create') },
  ];
  let exchange = NO_EXCHANGE;
  let keys: string[] = [];

  await ctx.check('create answers 2XX', '4.1', async () => {
    exchange = await ctx.createVideos(requested);
    if (exchange.status === 401 || exchange.status === 403) {
      // §5.1: create requires the Bearer token; every later step needs it, so the run stops here.
      const reason = `the server refused the token (${exchange.status} on create); check --token or VIDEO_API_TOKEN`;
      ctx.stop('token-refused', reason);
      throw new CheckFailure(`${reason}: ${describe(exchange)}`);
    }
    ensureSuccess(exchange, 'POST /api/v1/videos');
    return `status ${exchange.status}`;
  });
  await ctx.check('create answers JSON', '4.1', async () => {
    ensureJson(exchange, 'POST /api/v1/videos');
    return exchange.contentType;
  });
  await ctx.check('create returns one video per requested video, in order', '4.1', async () => {
    const body = exchange.json;
    ensure(Array.isArray(body), 'the body is not a JSON array');
    ensure(body.length === requested.length, `asked for ${requested.length} videos, got ${body.length}`);
    body.forEach((video: { title?: unknown }, i) => {
      ensure(
        video?.title === requested[i]?.title,
        `element ${i} has title ${JSON.stringify(video?.title)}, expected ${JSON.stringify(requested[i]?.title)}`,
      );
    });
    return `${body.length} elements, titles in request order`;
  });
  await ctx.check('created videos have key, title and primaryPlaybackUrl', '2', async () => {
    ensure(Array.isArray(exchange.json), 'the body is not a JSON array');
    ensureElements(exchange.json);
    exchange.json.forEach((video, i) => {
      ensureShape(zCreatedVideo, video, `element ${i}`);
    });
    keys = exchange.json.map((video: { key: string }) => video.key);
    return `keys ${keys.join(', ')}`;
  });
  await ctx.check('the HLS address is an .m3u8 URL with the video key in its path', '2', async () => {
    ensure(Array.isArray(exchange.json), 'the body is not a JSON array');
    ensureElements(exchange.json);
    for (const video of exchange.json as Array<{
      key: string;
      primaryPlaybackUrl?: { hls?: { url?: string } };
    }>) {
      const raw = video.primaryPlaybackUrl?.hls?.url;
      ensure(typeof raw === 'string', `video ${video.key}: no primaryPlaybackUrl.hls.url`);
      const url = URL.canParse(raw) ? new URL(raw) : undefined;
      ensure(url, `video ${video.key}: hls.url "${raw}" is not a URL`);
      ensure(url.pathname.endsWith('.m3u8'), `video ${video.key}: hls.url "${raw}" is not an .m3u8 playlist`);
      const path = decodeURIComponent(url.pathname);
      ensure(
        path.includes(video.key),
        `video ${video.key}: hls.url "${raw}" does not carry the key in its path`,
      );
    }
    return 'every hls.url ends in .m3u8 and carries its key';
  });
  // The later steps need two created videos; a wrong order alone does not keep them from running.
  if (keys.length === requested.length) return { exchange, keys };
  ctx.stop(
    'create-failed',
    'create gave no usable video keys (see the §4.1 and §2 checks), so no video could be checked',
  );
  return undefined;
}
