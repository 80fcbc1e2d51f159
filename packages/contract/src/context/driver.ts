/**
 * The request driver: sends the operations of the document to the target as raw exchanges (auth,
 * request timeout, 429 retries in `send`), so every check sees statuses, headers and bodies as sent.
 * It keeps no results; each answer of the API goes where `evidence` says (the running probe's).
 */

import type { CreateVideoEntry } from '@video-api/schema';
import type { Auth, SendOptions } from '../support/http.js';
import {
  describe,
  type Exchange,
  fetchWithin,
  isSuccess,
  type NoAnswer,
  noAnswerIn,
  send,
} from '../support/http.js';
import { type PathOperation, pathOf } from '../support/operations.js';
import { SAMPLE_VIDEO_NAME, SAMPLE_VIDEO_TYPE, sampleVideo } from '../support/sample-video.js';
import type { Target } from '../support/types.js';
import type { WaitBudget } from '../support/wait-budget.js';
import { ensure } from './failures.js';
import type { Ledger } from './ledger.js';

export class RequestDriver {
  /** The target's fetch, bounded by the request timeout (for the SDK). */
  readonly fetch: Target['fetch'];
  private created = 0;

  constructor(
    readonly target: Target,
    private readonly requestTimeoutMs: number,
    private readonly evidence: () => ((exchange: Exchange) => void) | undefined,
    readonly budget: WaitBudget,
    readonly ledger: Ledger,
  ) {
    this.fetch = this.counted(fetchWithin(target.fetch, requestTimeoutMs));
  }

  /** The SDK's fetch, its creates counted against the video budget and listed like the driver's. */
  private counted(fetch: Target['fetch']): Target['fetch'] {
    const createPath = pathOf('createVideos');
    return async (request) => {
      const isCreate = request.method === 'POST' && new URL(request.url).pathname.endsWith(createPath);
      if (!isCreate) return fetch(request);
      const body = (await request
        .clone()
        .json()
        .catch(() => undefined)) as { videos?: unknown } | undefined;
      const reservation = this.ledger.reserve(Array.isArray(body?.videos) ? body.videos.length : 0);
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error) {
        reservation.settle(undefined);
        throw error;
      }
      const answered = response.ok
        ? await response
            .clone()
            .json()
            .catch(() => undefined)
        : undefined;
      reservation.settle({ status: response.status, body: answered });
      return response;
    };
  }

  /** The host `upload` (or not) requests go to. */
  hostOf(upload = false): string {
    return new URL(upload ? this.target.uploadBaseUrl : this.target.baseUrl).host;
  }

  /** A title unique to this run, so several runs against one server do not mix. */
  title(label: string): string {
    this.created += 1;
    return `contract ${label} #${this.created} ${Date.now().toString(36)}`;
  }

  /** One raw exchange with the API, bounded by the request timeout (kept as a probe's evidence). */
  async send(options: SendOptions): Promise<Exchange> {
    const keep = this.evidence();
    const isCreate = (options.method ?? 'GET') === 'POST' && options.path === pathOf('createVideos');
    const withToken = (options.auth ?? 'token') === 'token';
    const videos = (options.json as { videos?: unknown } | undefined)?.videos;
    const reservation =
      isCreate && withToken ? this.ledger.reserve(Array.isArray(videos) ? videos.length : 0) : undefined;
    let exchange: Exchange;
    try {
      exchange = await send(this.target, {
        timeoutMs: this.requestTimeoutMs,
        budget: this.budget,
        ...options,
      });
    } catch (error) {
      reservation?.settle(undefined);
      throw error;
    }
    keep?.(exchange);
    reservation?.settle({ status: exchange.status, body: exchange.json });
    if (isCreate && !withToken && isSuccess(exchange.status)) this.ledger.unbudgeted(exchange.json);
    return exchange;
  }

  /**
   * Sends the positive case of `operation` (token, valid body): a 2XX notes that the route exists
   * on its host, so a later 4xx on it can count as a refusal.
   */
  private async positive(operation: PathOperation, exchange: Promise<Exchange>, upload = false) {
    const answered = await exchange;
    if (isSuccess(answered.status)) this.ledger.reach(operation, this.hostOf(upload));
    return answered;
  }

  // §4.1
  createVideos(videos: CreateVideoEntry[], auth: Auth = 'token') {
    const sent = this.send({
      method: 'POST',
      path: pathOf('createVideos'),
      auth,
      json: { projectKey: this.target.projectKey, videos },
    });
    return auth === 'token' && videos.length > 0 ? this.positive('createVideos', sent) : sent;
  }

  /** Creates one video and returns its key; fails the calling check when create does not work. */
  async createOne(label: string): Promise<string> {
    const exchange = await this.createVideos([{ title: this.title(label) }]);
    const body = exchange.json;
    const key = (Array.isArray(body) ? body[0] : undefined)?.key;
    ensure(isSuccess(exchange.status), `create failed: ${describe(exchange)}`);
    ensure(
      !Array.isArray(body) || body.length === 1,
      `create of one video answered ${(body as unknown[]).length} elements, expected one element per requested video (§4.1): ${describe(exchange)}`,
    );
    ensure(typeof key === 'string', `create gave no video key: ${describe(exchange)}`);
    return key;
  }

  // §4.2
  upload(key: string, options: { auth?: Auth; bytes?: number; field?: string; body?: BodyInit } = {}) {
    const form = new FormData();
    // A real video unless a size is asked for (limit probes): servers process what is uploaded.
    const bytes = options.bytes === undefined ? sampleVideo() : sampleBytes(options.bytes);
    form.append(options.field ?? 'file', new Blob([bytes], { type: SAMPLE_VIDEO_TYPE }), SAMPLE_VIDEO_NAME);
    const sent = this.send({
      method: 'POST',
      path: pathOf('uploadVideoSource', { videoKey: key }),
      upload: true,
      auth: options.auth ?? 'token',
      body: options.body ?? form,
      ...(options.body === undefined ? {} : { headers: { 'content-type': 'application/json' } }),
    });
    const positive = (options.auth ?? 'token') === 'token' && options.body === undefined && !options.field;
    return positive ? this.positive('uploadVideoSource', sent, true) : sent;
  }

  // §4.3
  getVideo(key: string, auth: 'token' | 'other' | 'none' = 'token') {
    const sent = this.send({ path: pathOf('getVideo', { videoKey: key }), auth });
    return auth === 'token' ? this.positive('getVideo', sent) : sent;
  }

  // §4.4
  putFields(key: string, simpleCustomFields: unknown, auth: 'token' | 'other' | 'none' = 'token') {
    const sent = this.send({
      method: 'PUT',
      path: pathOf('updateCustomFields', { videoKey: key }),
      auth,
      json: { simpleCustomFields },
    });
    return auth === 'token' ? this.positive('updateCustomFields', sent) : sent;
  }

  /**
   * GETs a playback address (§2: on the streaming domain, not the API). It never stops the run: a
   * host that does not answer is returned as `noAnswer` (its message names the host), for the check
   * that asked to judge; nor is its answer a probe's evidence of the API.
   */
  async fetchPlayback(url: string): Promise<{ exchange: Exchange } | { noAnswer: NoAnswer }> {
    try {
      const exchange = await send(this.target, {
        path: url,
        timeoutMs: this.requestTimeoutMs,
        budget: this.budget,
      });
      return { exchange };
    } catch (error) {
      const noAnswer = noAnswerIn(error);
      if (!noAnswer) throw error;
      return { noAnswer };
    }
  }
}

/**
 * Deterministic bytes of any size that open as the sample video does (its first 16 bytes, an MP4's
 * `ftyp` box), then look like nothing in particular: a server that takes only video files
 * (`upload-source-files`) takes them as far as their first bytes tell.
 */
function sampleBytes(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + 7) & 0xff;
  bytes.set(sampleVideo().subarray(0, Math.min(16, length)));
  return bytes;
}
