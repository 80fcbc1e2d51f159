/** Checks of create (§4.1) and of the creation shape of the video record (§2). */
import { zCreatedVideo } from '@video-api/schema/zod';
import { type Context, ensure } from '../context.js';
import type { Exchange } from '../http.js';
import { ensureJson, ensureShape, ensureSuccess } from './shapes.js';

export interface CreateOutcome {
  exchange: Exchange;
  keys: string[];
}

/** Creates two videos (one with tags) and checks the answer; returns their keys for later steps. */
export async function checkCreate(ctx: Context): Promise<CreateOutcome | undefined> {
  const requested = [
    { title: ctx.title('create'), tags: ['contract', 'first'] },
    { title: ctx.title('create') },
  ];
  const exchange = await ctx.createVideos(requested);
  let keys: string[] = [];

  await ctx.check('create answers 2XX', '4.1', async () => {
    ensureSuccess(exchange, 'POST /api/v1/videos');
    return `status ${exchange.status}`;
  });
  await ctx.check('create answers JSON', '4.1', async () => {
    ensureJson(exchange, 'POST /api/v1/videos');
    return exchange.contentType;
  });
  const ok = await ctx.check('create returns one video per requested video, in order', '4.1', async () => {
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
    exchange.json.forEach((video, i) => {
      ensureShape(zCreatedVideo, video, `element ${i}`);
    });
    keys = exchange.json.map((video: { key: string }) => video.key);
    return `keys ${keys.join(', ')}`;
  });
  await ctx.check('the HLS address is an .m3u8 URL with the video key in its path', '2', async () => {
    ensure(Array.isArray(exchange.json), 'the body is not a JSON array');
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
  return ok && keys.length === requested.length ? { exchange, keys } : undefined;
}
