/** Checks of get-video (§4.3), upload (§4.2) and processing (§3). */

import { zVideo } from '@video-api/schema/zod';
import { CheckSkipped, type Context, ensure } from '../context/context.js';
import { type ConditionAnswer, observeCondition } from '../probes/conditions.js';
import { isFailedWord } from '../probes/readiness.js';
import { describe, type Exchange, isClientError, NO_EXCHANGE } from '../support/http.js';
import { showText, showValue, VALUE_PREFIX } from '../support/shown.js';
import { ensureJson, ensureShape, ensureSuccess } from './shapes.js';

/** Gets `key` and checks the answer (§4.3); returns it for the probes of the record. */
export async function checkGet(ctx: Context, key: string): Promise<Exchange> {
  let exchange = NO_EXCHANGE;
  await ctx.check('get-video answers 2XX with JSON', '4.3', async () => {
    exchange = await ctx.getVideo(key);
    ensureSuccess(exchange, `GET /api/v1/videos/${key}`);
    ensureJson(exchange, `GET /api/v1/videos/${key}`);
    return `status ${exchange.status}, ${showText(exchange.contentType, VALUE_PREFIX)}`;
  });
  await ctx.check('get-video returns videoKey and simpleCustomFields', '4.3', async () => {
    const video = ensureShape(zVideo, exchange.json, `GET /api/v1/videos/${key}`);
    ensure(video.videoKey === key, `videoKey is ${showValue(video.videoKey)}, expected ${showValue(key)}`);
    return `videoKey ${showText(video.videoKey, VALUE_PREFIX)}, ${Object.keys(video.simpleCustomFields).length} custom fields`;
  });
  return exchange;
}

/** Uploads a file to `key` as multipart `file` (§4.2) and checks that it is accepted. */
export async function checkUpload(ctx: Context, key: string): Promise<Exchange> {
  let exchange = NO_EXCHANGE;
  await ctx.check('upload accepts a multipart form with the file field', '4.2', async () => {
    exchange = await ctx.upload(key);
    ensureSuccess(exchange, `POST /api/upload/v1/form-data/videos/${key}`);
    return `status ${exchange.status}`;
  });
  return exchange;
}

/**
 * §4.2: the body is multipart/form-data and its `file` field is required, so an upload without
 * that field, or with a body that is not a multipart form, is refused (4xx) rather than accepted.
 * Returns the answer to the body that is not a form, for the media-type probe (§7).
 */
export async function checkUploadRefusals(ctx: Context, key: string): Promise<Exchange> {
  const path = `POST /api/upload/v1/form-data/videos/${key}`;
  await ctx.check('an upload without the required file field is refused with a 4xx', '4.2', async () => {
    const exchange = await ctx.upload(key, { field: 'video' });
    ensure(
      isClientError(exchange.status),
      `a form with a "video" field and no "file" field: expected a 4xx, got ${describe(exchange)}`,
    );
    return `status ${exchange.status}`;
  });
  let upload = NO_EXCHANGE;
  await ctx.check(
    'an upload whose body is not multipart/form-data is refused with a 4xx',
    '4.2',
    async () => {
      upload = await ctx.upload(key, { body: JSON.stringify({ file: 'not a form' }) });
      ensure(
        isClientError(upload.status),
        `${path} with a JSON body: expected a 4xx, got ${describe(upload)}`,
      );
      return `status ${upload.status}`;
    },
  );
  return upload;
}

/** §3: an uploaded video is processed and becomes ready; the client waits for it. */
export async function checkBecomesReady(
  ctx: Context,
  key: string,
): Promise<{ polls: Exchange[]; ready: boolean }> {
  let polls: Exchange[] = [];
  const ready = await ctx.check('an uploaded video becomes ready', '3', async () => {
    if (ctx.readinessUnknown) throw new CheckSkipped(`not decided: ${ctx.readinessUnknown}`);
    ensure(ctx.isReady, 'the readiness probe found no way to tell readiness');
    const waited = await ctx.waitForReady(key);
    polls = waited.polls;
    const { ready, settled } = waited;
    const last = polls.at(-1);
    if (settled !== undefined && !isFailedWord(settled)) {
      // §3 and §4.3 do not say which word means ready: an unknown final word is observed, not failed.
      ctx.readinessUnknown = `the status settled on ${showValue(settled)}, which the suite cannot read as ready or not (the document does not say which word means ready)`;
      throw new CheckSkipped(`not decided: ${ctx.readinessUnknown}`);
    }
    ensure(
      settled === undefined,
      `processing ended in status ${showValue(settled)} (last: ${last ? describe(last) : 'none'})`,
    );
    ensure(
      ready,
      `not ready after ${ctx.options.readyTimeoutMs} ms (${polls.length} polls; last: ${last ? describe(last) : 'none'})`,
    );
    const early = ctx.readyBeforeUpload ? '; it already showed ready before the upload' : '';
    return `ready after ${polls.length} polls${early}`;
  });
  return { polls, ready };
}

/** Keys the server never issued are refused with a 4xx on get, update and upload; the status is observed (§7). */
export async function checkUnknownKeys(ctx: Context): Promise<void> {
  const key = `contract-unknown-${Date.now().toString(36)}`;
  const cases: Array<[string, string, string, () => Promise<Exchange>]> = [
    ['get-video of an unknown key is refused with a 4xx', '4.3', 'getVideo', () => ctx.getVideo(key)],
    [
      'custom-fields update of an unknown key is refused with a 4xx',
      '4.4',
      'updateCustomFields',
      () => ctx.putFields(key, { note: 'x' }),
    ],
    ['upload to an unknown key is refused with a 4xx', '4.2', 'uploadVideoSource', () => ctx.upload(key)],
  ];
  const answers: ConditionAnswer[] = [];
  for (const [name, section, operation, run] of cases) {
    await ctx.check(name, section, async () => {
      const exchange = await run();
      answers.push([operation, exchange]);
      ensure(isClientError(exchange.status), `expected a 4xx, got ${describe(exchange)}`);
      return `status ${exchange.status}`;
    });
  }
  await observeCondition(ctx, 'unknown-video-key', answers.length === cases.length ? answers : []);
}

/**
 * §5.1: create and upload require the Bearer header. §7: the status of a missing or a wrong token
 * is observed (`token-refusal`).
 */
export async function checkBearerRequired(ctx: Context, key: string): Promise<void> {
  const answers: ConditionAnswer[] = [];
  await ctx.check('create without the Bearer header is refused with a 4xx', '5', async () => {
    const exchange = await ctx.createVideos([{ title: ctx.title('no token') }], 'none');
    answers.push(['createVideos', exchange]);
    ensure(isClientError(exchange.status), `expected a 4xx, got ${describe(exchange)}`);
    return `status ${exchange.status}`;
  });
  await ctx.check('upload without the Bearer header is refused with a 4xx', '5', async () => {
    const exchange = await ctx.upload(key, { auth: 'none' });
    answers.push(['uploadVideoSource', exchange]);
    ensure(isClientError(exchange.status), `expected a 4xx, got ${describe(exchange)}`);
    return `status ${exchange.status}`;
  });
  const wrong = { header: `Bearer contract-wrong-${Date.now().toString(36)}` };
  const create = await ctx.step(() => ctx.createVideos([{ title: ctx.title('wrong token') }], wrong));
  const upload = await ctx.step(() => ctx.upload(key, { auth: wrong }));
  if (create && upload) answers.push(['createVideos', create], ['uploadVideoSource', upload]);
  await observeCondition(ctx, 'token-refusal', answers.length === 4 ? answers : []);
}
