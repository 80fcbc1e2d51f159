/** Checks of create (§4.1) and of the creation shape of the video record (§2). */

import { zCreatedVideo } from '@video-api/schema/zod';
import type { Context } from '../context/context.js';
import { CheckFailure, CheckSkipped, ensure } from '../context/failures.js';
import { refuse5xx } from '../support/evidence.js';
import { describe, type Exchange, NO_EXCHANGE } from '../support/http.js';
import { requestLine } from '../support/operations.js';
import { showText, showValue, VALUE_PREFIX } from '../support/shown.js';
import { recognise, type Signs } from '../support/signs.js';
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
 * Where each requested video sits in the answer, found by its title (titles are unique to the
 * run): `order[i]` is the requested index of element i; undefined when the titles do not match.
 */
function orderOf(body: unknown[], requested: Array<{ title: string }>): number[] | undefined {
  const order = body.map((video) =>
    requested.findIndex((r) => r.title === (video as { title?: unknown } | null)?.title),
  );
  const distinct = new Set(order);
  return order.every((i) => i >= 0) && distinct.size === requested.length ? order : undefined;
}

/**
 * Creates three videos (the first with tags) and checks the answer; returns their keys in request
 * order for later steps, or stops the run when create gives none (a refused token says so). §4.1
 * states one element per requested video, not their order: the order is observed.
 */
export async function checkCreate(ctx: Context): Promise<CreateOutcome | undefined> {
  const requested = [
    { title: ctx.api.title('create'), tags: ['contract', 'first'] },
    { title: ctx.api.title('create') },
    { title: ctx.api.title('create') },
  ];
  let exchange = NO_EXCHANGE;
  let keys: string[] = [];
  let order: number[] | undefined;

  await ctx.check('create answers 2XX', '4.1', async () => {
    exchange = await ctx.api.createVideos(requested);
    if (exchange.status === 401 || exchange.status === 403) {
      // §5.1: create requires the Bearer token; every later step needs it, so the run stops here.
      const reason = `the server refused the token (${exchange.status} on create); check --token or VIDEO_API_TOKEN`;
      ctx.stop('token-refused', reason);
      throw new CheckFailure(`${reason}: ${describe(exchange)}`);
    }
    ensureSuccess(exchange, requestLine('createVideos'));
    return `status ${exchange.status}`;
  });
  await ctx.check('create answers JSON', '4.1', async () => {
    ensureJson(exchange, requestLine('createVideos'));
    return exchange.contentType;
  });
  await ctx.check('create returns one video per requested video', '4.1', async () => {
    const body = exchange.json;
    ensure(Array.isArray(body), 'the body is not a JSON array');
    ensure(body.length === requested.length, `asked for ${requested.length} videos, got ${body.length}`);
    const titles = new Set(requested.map((r) => r.title));
    body.forEach((video: { title?: unknown }, i) => {
      ensure(
        typeof video?.title === 'string' && titles.has(video.title),
        `element ${i} has title ${showValue(video?.title)}, which is none of the requested titles (${requested.map((r) => showValue(r.title)).join(', ')})`,
      );
    });
    order = orderOf(body, requested);
    ensure(order, `the titles of the elements repeat a requested video: ${describe(exchange)}`);
    return `${body.length} elements, one per requested title`;
  });
  await observeOrder(ctx, exchange, order);
  await ctx.check('created videos have key, title and primaryPlaybackUrl', '2', async () => {
    ensure(Array.isArray(exchange.json), 'the body is not a JSON array');
    ensureElements(exchange.json);
    exchange.json.forEach((video, i) => {
      ensureShape(zCreatedVideo, video, `element ${i}`);
    });
    const inBody = exchange.json.map((video: { key: string }) => video.key);
    // In request order when the titles tell it, so the first key is the video created with tags.
    keys = order ? requested.map((_, r) => inBody[(order as number[]).indexOf(r)] as string) : inBody;
    return `keys ${keys.join(', ')}`;
  });
  await ctx.check('the HLS address is a URL with the video key in its path', '2', async () => {
    ensure(Array.isArray(exchange.json), 'the body is not a JSON array');
    ensureElements(exchange.json);
    for (const video of exchange.json as Array<{
      key: string;
      primaryPlaybackUrl?: { hls?: { url?: string } };
    }>) {
      const raw = video.primaryPlaybackUrl?.hls?.url;
      const of = `video ${showText(String(video.key), VALUE_PREFIX)}`;
      ensure(typeof raw === 'string', `${of}: no primaryPlaybackUrl.hls.url`);
      const url = URL.canParse(raw) ? new URL(raw) : undefined;
      ensure(url, `${of}: hls.url ${showValue(raw)} is not a URL`);
      // §2 says it is the address of an HLS playlist (.m3u8), not how its path ends: the playback
      // check reads the playlist there once the video is ready.
      const path = decodeURIComponent(url.pathname);
      ensure(path.includes(video.key), `${of}: hls.url ${showValue(raw)} does not carry the key in its path`);
    }
    return 'every hls.url is a URL that carries its key';
  });
  // The later steps need two created videos, whatever their order; a wrong count (failed above)
  // does not keep them from running when two usable keys came.
  if (keys.length >= 2) return { exchange, keys };
  ctx.stop(
    'create-failed',
    'create gave no two usable video keys (see the §4.1 and §2 checks), so no video could be checked',
  );
  return undefined;
}

/** Where each requested video sits in the answer: as requested, reversed, or matched in another order. */
const ANSWER_ORDER: Signs<'create-answer-order', number[]> = {
  'request-order': (order) => order.every((r, i) => r === i),
  'reverse-order': (order) => order.every((r, i) => r === order.length - 1 - i),
  'any-order': () => true,
};

/**
 * §4.1 does not show the order of the elements (`create-answer-order`): observed from the titles,
 * never failed; an order matched one to one that is neither the requested one nor its reverse is
 * `any-order`.
 */
async function observeOrder(ctx: Context, exchange: Exchange, order: number[] | undefined) {
  await ctx.observe('create-answer-order', async () => {
    refuse5xx(exchange);
    if (!order) {
      return {
        notObserved: `the elements cannot be matched one to one to the requested titles: ${describe(exchange)}`,
      };
    }
    const evidence = `requested videos 0..${order.length - 1} answered as ${order.join(', ')}`;
    return recognise(ANSWER_ORDER, order, evidence);
  });
}
