/** Raw HTTP exchanges with a target: every status, header and byte kept, for checks and evidence. */

import { parseRetryAfter } from '@video-api/schema';
import { BODY_PREFIX, showText, VALUE_PREFIX } from './shown.js';
import type { Target } from './types.js';
import type { WaitBudget } from './wait-budget.js';

/** What was sent, as a failure shows it: headers with credentials hidden, and the body's text. */
interface SentRequest {
  headers: Record<string, string>;
  /** The body as text (a form or a stream described), undefined when there was none. */
  body?: string;
}

export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  contentType: string;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: unknown;
  /** The request that got this answer (absent on exchanges built by hand). */
  request?: SentRequest;
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
  /**
   * Wait out a 429 (honouring Retry-After) instead of returning it. Default true. With `budget`
   * each wait is spent from it and a 429 beyond it throws RateLimited; without, at most 3 waits.
   */
  retryRateLimited?: boolean;
  budget?: WaitBudget;
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
async function within<T>(
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
 * (`parseRetryAfter` of `@video-api/schema`); 1 s when it is absent or malformed. Without a
 * budget it is capped at 10 s (`max`).
 */
function retryAfterMs(value: string | null, now = Date.now(), max = MAX_RETRY_AFTER_MS): number {
  return Math.min(parseRetryAfter(value, now) ?? 1000, max);
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
  const { budget } = options;
  for (let attempt = 0; ; attempt++) {
    const exchange = await sendOnce(target, options);
    const retry =
      options.retryRateLimited !== false && (budget !== undefined || attempt < MAX_RATE_LIMIT_RETRIES);
    if (exchange.status !== 429 || !retry || options.body instanceof ReadableStream) return exchange;
    const header = exchange.headers.get('retry-after');
    const waitMs = budget ? retryAfterMs(header, Date.now(), Number.POSITIVE_INFINITY) : retryAfterMs(header);
    budget?.take(`${exchange.method} ${exchange.url}`, waitMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/** Header names whose values are credentials: shown as `(hidden)` in failures. */
const SECRET_HEADERS = /^(authorization|proxy-authorization|cookie|x-api-key)$/i;

/** The request as a failure shows it (credentials hidden, the body's text; a form by its fields). */
function sentRequest(headers: Headers, body: BodyInit | undefined): SentRequest {
  const shown: Record<string, string> = {};
  headers.forEach((value, name) => {
    shown[name] = SECRET_HEADERS.test(name) ? `${value.split(' ')[0]} (hidden)` : value;
  });
  if (body === undefined) return { headers: shown };
  if (typeof body === 'string') return { headers: shown, body };
  if (body instanceof FormData) {
    const fields = [...body.entries()].map(([name, value]) =>
      typeof value === 'string'
        ? `${name}=${value}`
        : `${name}: a file of ${value.size} bytes (${value.type})`,
    );
    return { headers: shown, body: `multipart form: ${fields.join(', ')}` };
  }
  return { headers: shown, body: '(a stream)' };
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
  const sent = sentRequest(headers, body);
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
    request: sent,
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

/**
 * An answer with the request beside it, for failure messages: the method, path and answer of
 * `describe`, then the headers sent (credentials hidden) and the body sent, its prefix when long.
 */
export function describeWithRequest(exchange: Exchange): string {
  const request = exchange.request;
  if (!request) return describe(exchange);
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${showText(value, VALUE_PREFIX)}`)
    .join(', ');
  const body = request.body === undefined ? 'no body' : `body ${showText(request.body, BODY_PREFIX)}`;
  return `${describe(exchange)} (sent: ${headers || 'no headers'}; ${body})`;
}

export const isSuccess = (status: number) => status >= 200 && status < 300;
export const isClientError = (status: number) => status >= 400 && status < 500;
