/** Checks of get-video (§4.3), upload (§4.2) and processing (§3). */

import { zVideo } from '@video-api/schema/zod';
import type { Context } from '../context/context.js';
import { CheckSkipped, ensure } from '../context/failures.js';
import { describe, type Exchange, isSuccess, NO_EXCHANGE } from '../support/http.js';
import { type KeyedOperation, type OperationAnswer, requestLine, SECTION_OF } from '../support/operations.js';
import { showText, showValue, VALUE_PREFIX } from '../support/shown.js';
import { isFailedWord } from '../support/state-words.js';
import { ensureRefused } from './refusal.js';
import { ensureJson, ensureShape, ensureSuccess } from './shapes.js';

/** Gets `key` and checks the answer (§4.3); returns it for the probes of the record. */
export async function checkGet(ctx: Context, key: string): Promise<Exchange> {
  let exchange = NO_EXCHANGE;
  await ctx.check('get-video answers 2XX with JSON', '4.3', async () => {
    exchange = await ctx.api.getVideo(key);
    ensureSuccess(exchange, requestLine('getVideo', { videoKey: key }));
    ensureJson(exchange, requestLine('getVideo', { videoKey: key }));
    return `status ${exchange.status}, ${showText(exchange.contentType, VALUE_PREFIX)}`;
  });
  await ctx.check('get-video returns videoKey and simpleCustomFields', '4.3', async () => {
    const video = ensureShape(zVideo, exchange.json, requestLine('getVideo', { videoKey: key }));
    ensure(video.videoKey === key, `videoKey is ${showValue(video.videoKey)}, expected ${showValue(key)}`);
    return `videoKey ${showText(video.videoKey, VALUE_PREFIX)}, ${Object.keys(video.simpleCustomFields).length} custom fields`;
  });
  return exchange;
}

/** Uploads a file to `key` as multipart `file` (§4.2) and checks that it is accepted. */
export async function checkUpload(ctx: Context, key: string): Promise<Exchange> {
  let exchange = NO_EXCHANGE;
  await ctx.check('upload accepts a multipart form with the file field', '4.2', async () => {
    exchange = await ctx.api.upload(key);
    ensureSuccess(exchange, requestLine('uploadVideoSource', { videoKey: key }));
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
  const path = requestLine('uploadVideoSource', { videoKey: key });
  await ctx.check('an upload without the required file field is refused with a 4xx', '4.2', async () => {
    const exchange = await ctx.api.upload(key, { field: 'video' });
    return ensureRefused(
      ctx,
      'uploadVideoSource',
      exchange,
      'a form with a "video" field and no "file" field',
    );
  });
  let upload = NO_EXCHANGE;
  await ctx.check(
    'an upload whose body is not multipart/form-data is refused with a 4xx',
    '4.2',
    async () => {
      upload = await ctx.api.upload(key, { body: JSON.stringify({ file: 'not a form' }) });
      return ensureRefused(ctx, 'uploadVideoSource', upload, `${path} with a JSON body`);
    },
  );
  return upload;
}

/** §3: an uploaded video is processed and becomes ready; the client waits for it. */
export async function checkBecomesReady(
  ctx: Context,
  key: string,
  upload: Exchange,
): Promise<{ polls: Exchange[]; ready: boolean }> {
  let polls: Exchange[] = [];
  const ready = await ctx.check('an uploaded video becomes ready', '3', async () => {
    if (ctx.readinessUnknown) throw new CheckSkipped(`not decided: ${ctx.readinessUnknown}`);
    if (!isSuccess(upload.status)) {
      throw new CheckSkipped(
        `not run: the upload was not accepted (${describe(upload)}), so there is nothing to wait for`,
      );
    }
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
      `not ready after ${ctx.options.readyTimeoutMs} ms (--ready-timeout; ${waited.summary}; last: ${last ? describe(last) : 'none'})`,
    );
    const early = ctx.readyBeforeUpload ? '; it already showed ready before the upload' : '';
    return `ready after ${waited.summary}${early}`;
  });
  return { polls, ready };
}

/**
 * Keys the server never issued are refused with a 4xx by every operation on a video (get, update,
 * upload). Returns the answers, all of them or none, for the probe of their status (§7,
 * `unknown-video-key`).
 */
export async function checkUnknownKeys(ctx: Context): Promise<OperationAnswer[]> {
  const key = `contract-unknown-${Date.now().toString(36)}`;
  const cases: Record<KeyedOperation, [name: string, run: () => Promise<Exchange>]> = {
    getVideo: ['get-video of an unknown key is refused with a 4xx', () => ctx.api.getVideo(key)],
    updateCustomFields: [
      'custom-fields update of an unknown key is refused with a 4xx',
      () => ctx.api.putFields(key, { note: 'x' }),
    ],
    uploadVideoSource: ['upload to an unknown key is refused with a 4xx', () => ctx.api.upload(key)],
  };
  const answers: OperationAnswer[] = [];
  for (const [operation, [name, run]] of Object.entries(cases) as Array<
    [KeyedOperation, (typeof cases)[KeyedOperation]]
  >) {
    await ctx.check(name, SECTION_OF[operation], async () => {
      const exchange = await run();
      answers.push([operation, exchange]);
      return ensureRefused(ctx, operation, exchange, `key ${key}, which no video has`);
    });
  }
  return answers.length === Object.keys(cases).length ? answers : [];
}

/**
 * §5.1: create and upload require the Bearer header. Returns the answers to a missing and a wrong
 * token, all four or none, for the probe of their status (§7, `token-refusal`).
 */
export async function checkBearerRequired(ctx: Context, key: string): Promise<OperationAnswer[]> {
  const answers: OperationAnswer[] = [];
  await ctx.check('create without the Bearer header is refused with a 4xx', '5', async () => {
    const exchange = await ctx.api.createVideos([{ title: ctx.api.title('no token') }], 'none');
    answers.push(['createVideos', exchange]);
    return ensureRefused(ctx, 'createVideos', exchange, 'no Authorization header');
  });
  await ctx.check('upload without the Bearer header is refused with a 4xx', '5', async () => {
    const exchange = await ctx.api.upload(key, { auth: 'none' });
    answers.push(['uploadVideoSource', exchange]);
    return ensureRefused(ctx, 'uploadVideoSource', exchange, 'no Authorization header');
  });
  const wrong = { header: `Bearer contract-wrong-${Date.now().toString(36)}` };
  const create = await ctx.step(() => ctx.api.createVideos([{ title: ctx.api.title('wrong token') }], wrong));
  const upload = await ctx.step(() => ctx.api.upload(key, { auth: wrong }));
  if (create && upload) answers.push(['createVideos', create], ['uploadVideoSource', upload]);
  return answers.length === 4 ? answers : [];
}
