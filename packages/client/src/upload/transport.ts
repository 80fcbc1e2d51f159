/**
 * Upload transports: how the multipart body reaches the server. `fetchTransport` streams it through
 * fetch (`duplex: 'half'`), `xhrTransport` sends it with XMLHttpRequest in browsers (fetch cannot
 * stream a request body over HTTP/1.1 there), and `@video-api/client/node` adds `nodeHttpTransport`.
 */

import { UnexpectedResponseError } from '../errors.js';
import { parseJson } from '../http/response-error.js';
import { raceSignal } from '../http/signals.js';
import type { MultipartBody } from './multipart.js';
import { multipartChunks } from './multipart.js';

interface UploadRequest {
  url: string;
  /** Authorization, Content-Type (with boundary), Content-Length and the rest. */
  headers: Headers;
  body: MultipartBody;
  signal: AbortSignal;
  /** To be called with the number of body bytes sent so far, as they leave. */
  onBodyBytes: (sent: number) => void;
}

/**
 * A 2xx that came before the whole body was handed over: the server cannot have the whole file, so
 * it is not reported as a success (nor is progress brought to the total). The answer is kept.
 */
export async function earlySuccess(response: Response, sent: number, length: number): Promise<never> {
  const rawBody = await response.text().catch(() => '');
  throw new UnexpectedResponseError(
    `uploadVideoSource: answered ${response.status} before the whole body was sent (${sent} of ${length} bytes)`,
    {
      operation: 'uploadVideoSource',
      status: response.status,
      headers: response.headers,
      rawBody,
      body: parseJson(rawBody),
    },
  );
}

/**
 * One turn of the event loop (a macrotask). Between chunks it lets fetch read an answer that came
 * early (a 413 before the end of the body) before the next write finds the connection closed: fetch
 * would then fail with "write EPIPE" and the answer, unread, would be lost.
 */
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate : setTimeout)(resolve));

/** Sends one upload request and resolves with the response (any status). */
export type UploadTransport = (request: UploadRequest) => Promise<Response>;

/**
 * Streams the body through `fetch`.
 *
 * @example
 * createVideoApiClient({ baseUrl, uploadTransport: fetchTransport((request) => fetch(request)) }); Progress counts bytes as fetch pulls them from the body stream
 * (a stream with no buffer of its own, so fetch's backpressure keeps the count close to the socket).
 */
export function fetchTransport(fetchImpl: (request: Request) => Promise<Response>): UploadTransport {
  return async ({ url, headers, body, signal, onBodyBytes }) => {
    const iterator = multipartChunks(body)[Symbol.asyncIterator]();
    let sent = 0;
    // A failure of our own while fetch pulls (e.g. a stream that breaks its declared size) reaches
    // the caller as itself, not as fetch's "network error" around it.
    let local: unknown;
    let stopped = false;
    const stop = async (reason: unknown) => {
      stopped = true;
      await body.source.cancel?.(reason);
    };
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (signal.aborted) {
            await stop(signal.reason);
            return controller.error(signal.reason);
          }
          await nextTurn();
          let next: IteratorResult<Uint8Array>;
          try {
            next = await iterator.next();
          } catch (error) {
            if (!stopped) local = error;
            throw error;
          }
          if (next.done) return controller.close();
          controller.enqueue(next.value);
          sent += next.value.byteLength;
          onBodyBytes(sent);
        },
        async cancel(reason) {
          await stop(reason);
          await iterator.return?.(reason);
        },
      },
      { highWaterMark: 0 },
    );
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      headers,
      body: stream,
      signal,
      duplex: 'half',
    };
    try {
      const response = await raceSignal(fetchImpl(new Request(url, init)), signal);
      if (response.ok && sent < body.length) {
        await stop(new Error('answered before the upload was complete'));
        return await earlySuccess(response, sent, body.length);
      }
      return response;
    } catch (error) {
      if (local !== undefined) throw local;
      await stop(signal.aborted ? signal.reason : error);
      throw error;
    }
  };
}

function parseRawHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

async function bodyBlob(body: MultipartBody, signal: AbortSignal): Promise<Blob> {
  if (body.source.blob) return new Blob([body.head as BlobPart, body.source.blob, body.tail as BlobPart]);
  // A stream or bytes in a browser: gathered into a Blob, which browsers may keep on disk.
  const parts: BlobPart[] = [];
  for await (const chunk of multipartChunks(body)) {
    if (signal.aborted) throw signal.reason;
    parts.push(chunk as BlobPart);
  }
  return new Blob(parts);
}

/**
 * Sends the body with XMLHttpRequest (the default in browsers), whose `upload.onprogress` reports bytes as the browser sends
 * them. The browser sets Content-Length itself; User-Agent cannot be set there.
 */
export const xhrTransport: UploadTransport = async ({ url, headers, body, signal, onBodyBytes }) => {
  const blob = await bodyBlob(body, signal);
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'user-agent') xhr.setRequestHeader(name, value);
    });
    const onAbort = () => xhr.abort();
    xhr.upload.onprogress = (event) => onBodyBytes(event.loaded);
    xhr.onload = () => {
      signal.removeEventListener('abort', onAbort);
      // A 2xx means the server took the whole body. Reported here, not on `upload.onload`, which
      // Chromium never fires while a service worker (msw's) answers the request.
      if (xhr.status >= 200 && xhr.status < 300) onBodyBytes(body.length);
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(
        new Response(empty ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseRawHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('network error during upload'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(blob);
  });
};
