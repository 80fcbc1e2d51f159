/**
 * Node upload transport on node:http/https. The body is written chunk by chunk with an exact
 * Content-Length; progress counts a chunk once Node has flushed it to the socket (the write
 * callback), and writing waits for 'drain', so memory stays flat for files of any size.
 */
import type { ClientRequest } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { UnexpectedResponseError } from '../errors.js';
import { multipartChunks } from '../upload/multipart.js';
import type { UploadTransport } from '../upload/transport.js';

/** The most of a response body kept; an upload's answer is small (§4.2 shows none). */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

function toHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}

/** Resolves true on 'drain', false once the request is closed or failed (then no 'drain' comes). */
function drained(request: ClientRequest): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (value: boolean) => () => {
      request.off('drain', onDrain).off('close', onClose).off('error', onClose);
      resolve(value);
    };
    const onDrain = done(true);
    const onClose = done(false);
    request.on('drain', onDrain).on('close', onClose).on('error', onClose);
  });
}

/**
 * Sends an upload with node:http or node:https.
 *
 * @example
 * import { createVideoApiClient } from '@video-api/client/node'; // uses it by default
 */
export const nodeHttpTransport: UploadTransport = ({ url, headers, body, signal, onBodyBytes }) =>
  new Promise<Response>((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? https.request : http.request;
    const outgoing: Record<string, string> = {};
    headers.forEach((value, name) => {
      outgoing[name] = value;
    });
    outgoing['content-length'] = String(body.length);
    const request = send(target, { method: 'POST', headers: outgoing, signal });
    let answered = false;
    let written = false;
    const fail = (error: unknown) => {
      void body.source.cancel?.(signal.aborted ? signal.reason : error);
      reject(error);
    };
    // Once the server has answered (e.g. an early 413), a write error of the rest of the body is
    // expected and the answer is what counts.
    request.on('error', (error) => {
      if (!answered) fail(error);
    });
    request.on('response', (response) => {
      answered = true;
      const status = response.statusCode ?? 0;
      if (!written) {
        void body.source.cancel?.(new Error(`the server answered ${status} before the upload was complete`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
        else if (status >= 200 && status < 300) {
          // A 2xx must be returned whole or not at all; an error's body is only read for its detail.
          response.destroy();
          request.destroy();
          reject(
            new UnexpectedResponseError(
              `uploadVideoSource returned ${status} with a body larger than ${MAX_RESPONSE_BYTES} bytes; not read`,
              { operation: 'uploadVideoSource', status, headers: toHeaders(response.rawHeaders) },
            ),
          );
        }
      });
      response.on('error', reject);
      response.on('end', () => {
        const empty = status === 204 || status === 205 || status === 304;
        const text = Buffer.concat(chunks).toString('utf8');
        // The server answered before the whole body was sent (e.g. 413): this socket cannot be reused.
        if (!written) request.destroy();
        resolve(
          new Response(empty ? null : text, {
            status,
            statusText: response.statusMessage ?? '',
            headers: toHeaders(response.rawHeaders),
          }),
        );
      });
    });
    (async () => {
      let sent = 0;
      for await (const chunk of multipartChunks(body)) {
        if (answered || request.destroyed) return;
        const length = chunk.byteLength;
        const flushed = request.write(chunk, (error) => {
          if (error) return;
          sent += length;
          onBodyBytes(sent);
        });
        // An answer or a failure while waiting closes the request: stop reading the source then.
        if (!flushed && !(await drained(request))) return;
      }
      written = true;
      request.end();
    })().catch((error: unknown) => {
      request.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
