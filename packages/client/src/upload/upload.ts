/**
 * One upload (§4.2): prepares the source, builds the multipart body, sends it through the transport
 * under the upload timeout, reports progress per attempt, and reads the (unknown, §4.2) response body.
 */
import { InputError, UnexpectedResponseError } from '../errors.js';
import { type CallSettings, callWithRetry } from '../http/call.js';
import { errorFromResponse, parseJson } from '../http/response-error.js';
import { isVideo } from '../http/shapes.js';
import { multipartBody } from './multipart.js';
import { type PreparedSource, prepareSource } from './source.js';
import type { UploadTransport } from './transport.js';
import type { UploadOptions, UploadProgress, UploadResult, UploadSource } from './types.js';

/** The most of a 2xx upload answer read, on every transport; the answer is small (§4.2 shows none). */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

/** The error for a 2xx upload answer over MAX_RESPONSE_BYTES: refused rather than returned cut. */
export const tooLargeAnswer = (status: number, headers: Headers): UnexpectedResponseError =>
  new UnexpectedResponseError(
    `uploadVideoSource returned ${status} with a body larger than ${MAX_RESPONSE_BYTES} bytes; not read`,
    { operation: 'uploadVideoSource', status, headers },
  );

/** The body of a 2xx answer as text, refused past MAX_RESPONSE_BYTES (its reading is cancelled then). */
async function cappedText(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      void reader.cancel().catch(() => {});
      throw tooLargeAnswer(response.status, response.headers);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The signal of an attempt that nothing can abort (no timeout, no caller's signal). */
const NEVER_ABORTED = new AbortController().signal;

/**
 * Turns body bytes sent into file-byte progress events: monotone, clamped to the file's size, and
 * with `loaded === total` reported exactly once per attempt.
 */
export function progressReporter(
  headLength: number,
  total: number,
  attempt: number,
  onProgress: ((progress: UploadProgress) => void) | undefined,
): (bodyBytesSent: number) => void {
  let last = -1;
  return (sent) => {
    const loaded = Math.min(total, Math.max(0, sent - headLength));
    if (loaded <= last || sent < headLength) return;
    last = loaded;
    onProgress?.({ loaded, total, attempt });
  };
}

export interface UploadWith {
  transport: UploadTransport;
  url: string;
  videoKey: string;
  source: UploadSource;
  prepared: PreparedSource | undefined;
  call: UploadOptions;
  settings: CallSettings;
  authHeaders: (extra?: Record<string, string>) => Promise<Headers>;
}

/** The prepared source (a runtime's own, else one of every runtime); InputError for anything else. */
export function sourceOf(
  source: UploadSource,
  prepared: PreparedSource | undefined,
  call: UploadOptions,
): PreparedSource {
  const found = prepared ?? prepareSource(source, call.filename, call.contentType);
  if (found) return found;
  throw new InputError(
    'uploadSource: source must be a Blob/File, an ArrayBuffer or typed array, or { stream, size }' +
      ' (file paths need @video-api/client/node)',
    { operation: 'uploadVideoSource' },
  );
}

/** Uploads one source; a stream that the upload stops reading early is cancelled. */
export async function uploadWith(input: UploadWith): Promise<UploadResult> {
  const { call, settings } = input;
  const prepared = sourceOf(input.source, input.prepared, call);
  // A one-shot stream cannot be sent twice, so it is never retried.
  const retry = prepared.repeatable ? settings.retry : false;
  try {
    return await attempts(input, prepared, { ...settings, retry });
  } catch (error) {
    // The transports cancel the caller's stream as they stop; this covers the rest (e.g. an error
    // answer that came before the body was read to the end). A second cancel does nothing.
    await prepared.cancel?.(error);
    throw error;
  }
}

function attempts(
  input: UploadWith,
  prepared: PreparedSource,
  settings: CallSettings,
): Promise<UploadResult> {
  const { call } = input;
  return callWithRetry(settings, call, async ({ signal }, attempt) => {
    const body = multipartBody(prepared);
    const headers = await input.authHeaders(call.headers);
    headers.set('Content-Type', body.contentType);
    headers.set('Content-Length', String(body.length));
    const onBodyBytes = progressReporter(body.head.byteLength, prepared.size, attempt, call.onProgress);
    const response = await input.transport({
      url: input.url,
      headers,
      body,
      signal: signal ?? NEVER_ABORTED,
      onBodyBytes,
    });
    if (!response.ok) throw await errorFromResponse(response, 'uploadVideoSource');
    const text = await cappedText(response);
    const parsed = parseJson(text);
    const bodyValue = parsed === undefined && text.trim() !== '' ? text : parsed;
    return {
      videoKey: input.videoKey,
      status: response.status,
      body: bodyValue,
      video: isVideo(bodyValue) ? bodyValue : undefined,
    };
  });
}
