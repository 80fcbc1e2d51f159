/**
 * Node upload transport on node:http/https. The body is written chunk by chunk with an exact
 * Content-Length; progress counts a chunk once Node has flushed it to the socket (the write
 * callback), and writing waits for 'drain', so memory stays flat for files of any size.
 */
import type { ClientRequest } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { Socket, type SocketConnectOpts } from 'node:net';
import { multipartChunks } from '../upload/multipart.js';
import { earlySuccess, type UploadTransport } from '../upload/transport.js';
import { MAX_RESPONSE_BYTES, tooLargeAnswer } from '../upload/upload.js';

function toHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}

/** How long an answer may still come after a write found the connection closed by the server. */
const LATE_ANSWER_MS = 1000;

/** Write errors that mean the server closed the connection: its answer may be waiting to be read. */
const PEER_GONE = new Set(['EPIPE', 'ECONNRESET']);

/**
 * A plain-HTTP socket that survives a write to a connection the server has closed. Node destroys a
 * socket on a write error, and with it an answer that already arrived and was not read yet: a
 * server that answers 413 early and then closes (RST, since the rest of the body is unread) would
 * look like "no response". Here such a write error is kept in `writeError` and the write reported
 * done, so the socket goes on reading: the answer, then the end of the connection.
 */
class UploadSocket extends Socket {
  writeError: NodeJS.ErrnoException | undefined;
  private keep(callback: (error?: Error | null) => void) {
    return (error?: Error | null) => {
      const code = (error as NodeJS.ErrnoException | null | undefined)?.code;
      if (!error || !PEER_GONE.has(code ?? '')) return callback(error);
      this.writeError ??= error;
      this.emit('peer-gone');
      callback();
    };
  }
  override _write(chunk: unknown, encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    if (this.writeError) return callback();
    super._write(chunk, encoding, this.keep(callback));
  }
  override _writev(
    chunks: { chunk: unknown; encoding: BufferEncoding }[],
    callback: (error?: Error | null) => void,
  ) {
    if (this.writeError) return callback();
    // biome-ignore lint/style/noNonNullAssertion: net.Socket implements _writev
    super._writev!(chunks, this.keep(callback));
  }
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
    let socket: UploadSocket | undefined;
    const plain = target.protocol === 'http:';
    const request = send(target, {
      method: 'POST',
      headers: outgoing,
      signal,
      // Plain HTTP: a socket of our own (one per upload), so that an early answer is not lost.
      ...(plain && {
        createConnection: (options: http.ClientRequestArgs) => {
          socket = new UploadSocket();
          return socket.connect(options as SocketConnectOpts);
        },
      }),
    });
    let answered = false;
    let written = false;
    /** Body bytes handed to the request so far. */
    let queued = 0;
    let lateTimer: ReturnType<typeof setTimeout> | undefined;
    const fail = (error: unknown) => {
      clearTimeout(lateTimer);
      void body.source.cancel?.(signal.aborted ? signal.reason : error);
      reject(error);
    };
    // Once the server has answered (e.g. an early 413), a write error of the rest of the body is
    // expected and the answer is what counts. Before it, a write to a closed connection waits a
    // little for the answer (which the socket goes on reading); the connection's end, or no answer
    // in time, fails the upload with that write error.
    request.on('error', (error) => {
      if (!answered) fail(socket?.writeError ?? error);
    });
    request.on('socket', () => {
      socket?.once('peer-gone', () => {
        lateTimer = setTimeout(() => {
          if (!answered) request.destroy(socket?.writeError);
        }, LATE_ANSWER_MS);
      });
    });
    request.on('response', (response) => {
      answered = true;
      clearTimeout(lateTimer);
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
          reject(tooLargeAnswer(status, toHeaders(response.rawHeaders)));
        }
      });
      response.on('error', reject);
      response.on('end', () => {
        const empty = status === 204 || status === 205 || status === 304;
        const text = Buffer.concat(chunks).toString('utf8');
        // The server answered before the whole body was sent (e.g. 413): this socket cannot be reused.
        if (!written) request.destroy();
        const answer = new Response(empty ? null : text, {
          status,
          statusText: response.statusMessage ?? '',
          headers: toHeaders(response.rawHeaders),
        });
        if (status >= 200 && status < 300 && queued < body.length)
          earlySuccess(answer, queued, body.length).catch(reject);
        else resolve(answer);
      });
    });
    (async () => {
      let sent = 0;
      for await (const chunk of multipartChunks(body)) {
        if (answered || request.destroyed || socket?.writeError) return;
        const length = chunk.byteLength;
        queued += length;
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
