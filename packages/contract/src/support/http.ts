/** Raw HTTP exchanges with a target: every status, header and byte kept, for checks and evidence. */

import { parseRetryAfter } from '@video-api/schema';
import { BODY_PREFIX, showText, VALUE_PREFIX } from './shown.js';
import type { Target } from './types.js';

export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  contentType: string;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: unknown;
}

export type Auth = 'token' | 'other' | 'none' | { header: string };

export interface SendOptions {
  method?: string;
  /** Absolute URL, or a path resolved against the base URL (or the upload base URL with `upload`). */
  path: string;
  upload?: boolean;
  auth?: Auth;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Wait out a 429 (honouring Retry-After, at most 3 times) instead of returning it. Default true. */
  retryRateLimited?: boolean;
  /** How long the answer (status and body) may take, in ms; then the request fails with NoAnswer. */
  timeoutMs?: number;
}

/**
 * A request that got no answer: it could not connect, its connection broke (`network`), or it was
 * not answered within the request timeout (`timeout`). The message names the request and its host.
 */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
  constructor(
    readonly kind: 'network' | 'timeout',
    /** `METHOD URL` of the request. */
    readonly request: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The NoAnswer in an error or its causes (a client may wrap it), if any. */
export function noAnswerIn(error: unknown): NoAnswer | undefined {
  for (let link = error, depth = 0; link && depth < 6; depth++) {
    if (link instanceof NoAnswer) return link;
    link = typeof link === 'object' ? (link as { cause?: unknown }).cause : undefined;
  }
  return undefined;
}

/** The code or message of a network failure (`ECONNREFUSED`, `other side closed`, …). */
export function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  // undici's own codes say little by themselves: `UND_ERR_SOCKET: other side closed`.
  if (cause?.code?.startsWith('UND_ERR') && cause.message) return `${cause.code}: ${cause.message}`;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Runs `answer` (which sends `request` and reads its answer) within `timeoutMs`: aborts the request
 * and fails with NoAnswer when it takes longer, and turns a network failure into NoAnswer.
 */
export async function within<T>(
  request: Request,
  timeoutMs: number,
  answer: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const what = `${request.method} ${request.url}`;
  const host = new URL(request.url).host;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new NoAnswer('timeout', what, `${what}: no answer within ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([answer(AbortSignal.any([request.signal, controller.signal])), timedOut]);
  } catch (error) {
    if (error instanceof NoAnswer || request.signal.aborted) throw error;
    throw new NoAnswer('network', what, `${what}: no answer from ${host} (${networkCode(error)})`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }
}

/** A fetch that fails with NoAnswer after `timeoutMs` or on a network failure (for the SDK's calls). */
export function fetchWithin(
  fetch: Target['fetch'],
  timeoutMs: number,
): (request: Request) => Promise<Response> {
  return (request) =>
    within(request, timeoutMs, (signal) => fetch(new Request(request, withSignal(request, signal))));
}

/** Init that re-creates `request` with `signal` (a body stream needs `duplex`). */
const withSignal = (request: Request, signal: AbortSignal): RequestInit =>
  ({ signal, ...(request.body ? { duplex: 'half' } : {}) }) as RequestInit;

const MAX_RATE_LIMIT_RETRIES = 3;
/** The default request timeout (ms): `RunOptions.requestTimeoutMs`. */
export const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_RETRY_AFTER_MS = 10_000;

/**
 * Milliseconds to wait out a 429: what Retry-After asks for, read as every layer reads it
 * (`parseRetryAfter` of `@video-api/schema`), at most 10 s; 1 s when it is absent or malformed.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number {
  return Math.min(parseRetryAfter(value, now) ?? 1000, MAX_RETRY_AFTER_MS);
}

function authorization(target: Target, auth: Auth): string | undefined {
  if (auth === 'none') return undefined;
  if (auth === 'token') return `Bearer ${target.token}`;
  if (auth === 'other') return target.otherToken ? `Bearer ${target.otherToken}` : undefined;
  return auth.header;
}

export function urlOf(target: Target, path: string, upload = false): string {
  if (/^https?:\/\//.test(path)) return path;
  const base = (upload ? target.uploadBaseUrl : target.baseUrl).replace(/\/+$/, '');
  return `${base}${path}`;
}

/**
 * Sends one request and reads the whole answer. A 429 is waited out (Retry-After) unless
 * `retryRateLimited` is false, so a rate-limited server is checked, not punished. A network
 * failure or a missing answer (`timeoutMs`) fails with NoAnswer, which names the request.
 */
export async function send(target: Target, options: SendOptions): Promise<Exchange> {
  for (let attempt = 0; ; attempt++) {
    const exchange = await sendOnce(target, options);
    const retry = options.retryRateLimited !== false && attempt < MAX_RATE_LIMIT_RETRIES;
    if (exchange.status !== 429 || !retry || options.body instanceof ReadableStream) return exchange;
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs(exchange.headers.get('retry-after'))));
  }
}

async function sendOnce(target: Target, options: SendOptions): Promise<Exchange> {
  const method = options.method ?? 'GET';
  const url = urlOf(target, options.path, options.upload);
  const headers = new Headers(options.headers);
  const auth = authorization(target, options.auth ?? 'token');
  if (auth !== undefined && !headers.has('authorization')) headers.set('authorization', auth);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (body !== undefined) init.body = body;
  if (body instanceof ReadableStream) init.duplex = 'half';
  if (options.signal) init.signal = options.signal;
  const request = new Request(url, init);
  const { response, text } = await within(
    request,
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    async (signal) => {
      const response = await target.fetch(new Request(request, withSignal(request, signal)));
      return { response, text: await response.text() };
    },
  );
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    method,
    url,
    status: response.status,
    headers: response.headers,
    contentType: response.headers.get('content-type') ?? '',
    text,
    json,
  };
}

/** Stands for an answer that never came, once a run has stopped (nothing reads it then). */
export const NO_EXCHANGE: Exchange = {
  method: 'GET',
  url: '',
  status: 0,
  headers: new Headers(),
  contentType: '',
  text: '',
  json: undefined,
};

/** One line that shows an exchange in a report: `POST /api/v1/videos → 201 application/json`. */
export function describe(exchange: Exchange): string {
  const path = showText(exchange.url.replace(/^https?:\/\/[^/]+/, ''), VALUE_PREFIX);
  const body = showText(exchange.text, BODY_PREFIX);
  return `${exchange.method} ${path} → ${exchange.status} ${exchange.contentType ? showText(exchange.contentType, VALUE_PREFIX) : '(no content type)'} ${body}`.trim();
}

export const isSuccess = (status: number) => status >= 200 && status < 300;
export const isClientError = (status: number) => status >= 400 && status < 500;
