/** Checks of get-video (§4.3), upload (§4.2) and processing (§3). */
import { zVideo } from '@video-api/schema/zod';
import { type Context, ensure } from '../context.js';
import { describe, type Exchange, isClientError } from '../http.js';
import { ensureJson, ensureShape, ensureSuccess } from './shapes.js';

/** Checks one get-video answer for `key`. */
export async function checkGet(ctx: Context, key: string, exchange: Exchange): Promise<void> {
  await ctx.check('get-video answers 2XX with JSON', '4.3', async () => {
    ensureSuccess(exchange, `GET /api/v1/videos/${key}`);
    ensureJson(exchange, `GET /api/v1/videos/${key}`);
    return `status ${exchange.status}, ${exchange.contentType}`;
  });
  await ctx.check('get-video returns videoKey and simpleCustomFields', '4.3', async () => {
    const video = ensureShape(zVideo, exchange.json, `GET /api/v1/videos/${key}`);
    ensure(
      video.videoKey === key,
      `videoKey is ${JSON.stringify(video.videoKey)}, expected ${JSON.stringify(key)}`,
    );
    return `videoKey ${video.videoKey}, ${Object.keys(video.simpleCustomFields).length} custom fields`;
  });
}

/** Uploads a file to `key` as multipart `file` (§4.2) and checks that it is accepted. */
export async function checkUpload(ctx: Context, key: string): Promise<Exchange> {
  const exchange = await ctx.upload(key);
  await ctx.check('upload accepts a multipart form with the file field', '4.2', async () => {
    ensureSuccess(exchange, `POST /api/upload/v1/form-data/videos/${key}`);
    return `status ${exchange.status}`;
  });
  return exchange;
}

/** §3: an uploaded video is processed and becomes ready; the client waits for it. */
export async function checkBecomesReady(ctx: Context, key: string): Promise<Exchange[]> {
  const { ready, polls } = await ctx.waitForReady(key);
  await ctx.check('an uploaded video becomes ready', '3', async () => {
    ensure(ctx.isReady, 'the readiness probe found no way to tell readiness');
    const last = polls.at(-1);
    ensure(
      ready,
      `not ready after ${ctx.options.readyTimeoutMs} ms (${polls.length} polls; last: ${last ? describe(last) : 'none'})`,
    );
    return `ready after ${polls.length} polls`;
  });
  return polls;
}

/** Keys the server never issued are refused with a 4xx on get, update and upload. */
export async function checkUnknownKeys(ctx: Context): Promise<void> {
  const key = `contract-unknown-${Date.now().toString(36)}`;
  const cases: Array<[string, string, () => Promise<Exchange>]> = [
    ['get-video of an unknown key is refused with a 4xx', '4.3', () => ctx.getVideo(key)],
    [
      'custom-fields update of an unknown key is refused with a 4xx',
      '4.4',
      () => ctx.putFields(key, { note: 'x' }),
    ],
    ['upload to an unknown key is refused with a 4xx', '4.2', () => ctx.upload(key)],
  ];
  for (const [name, section, run] of cases) {
    await ctx.check(name, section, async () => {
      const exchange = await run();
      ensure(isClientError(exchange.status), `expected a 4xx, got ${describe(exchange)}`);
      return `status ${exchange.status}`;
    });
  }
}

/** §5.1: create and upload require the Bearer header. */
export async function checkBearerRequired(ctx: Context, key: string): Promise<void> {
  await ctx.check('create without the Bearer header is refused with a 4xx', '5', async () => {
    const exchange = await ctx.createVideos([{ title: ctx.title('no token') }], 'none');
    ensure(isClientError(exchange.status), `expected a 4xx, got ${describe(exchange)}`);
    return `status ${exchange.status}`;
  });
  await ctx.check('upload without the Bearer header is refused with a 4xx', '5', async () => {
    const exchange = await ctx.upload(key, { auth: 'none' });
    ensure(isClientError(exchange.status), `expected a 4xx, got ${describe(exchange)}`);
    return `status ${exchange.status}`;
  });
}
