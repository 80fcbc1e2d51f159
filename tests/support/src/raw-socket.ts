/** Exact bytes over a TCP socket (malformed on purpose if need be), and the raw answer that came back. */
import { connect, type Socket } from 'node:net';

/** A port on 127.0.0.1, or the URL of a server (its host and port are used). */
export type RawTarget = number | string | URL;

export interface RawReply {
  /** The status of the final response line (after any 1xx), or undefined when none came. */
  status: number | undefined;
  /** Everything the server sent, byte for byte (latin1). */
  text: string;
  /** The head of the final response: status line and headers, without the blank line. */
  head: string;
  /** What follows the head of the final response (its body, and anything sent after it). */
  body: string;
  /**
   * The content of the final response (latin1): its body without the chunked framing, or cut at
   * its Content-Length; all of `body` when neither is given (the server closing ends it).
   */
  content: string;
  /** Whether the server ended the connection (rather than our idle wait, our close or an error). */
  closedByServer: boolean;
  /** Whether the connection was reset (ECONNRESET). */
  reset: boolean;
  /** The code of the socket error that ended the exchange (ECONNRESET, ECONNREFUSED, EPIPE…). */
  error: string | undefined;
}

export interface RawOptions {
  /**
   * Half-close our side after writing: `true` at once, a number: that many ms after connecting.
   * Default false: Node's HTTP server takes a half-close for the end of the exchange and aborts a
   * request still being handled.
   */
  end?: boolean | number;
  /** Stop waiting after this many ms without data from the server; `Infinity`: never. Default 2000. */
  idleMs?: number;
  /** Stop early: once the final status line (`status`) or one whole response (`response`) arrived. */
  until?: 'status' | 'response';
}

export interface RawConnection {
  /** The socket, to write to (writes before the connection is made are queued) or destroy. */
  socket: Socket;
  /** What came back, once the server closed, an error or `idleMs` of silence ended it, or `until`. */
  reply: Promise<RawReply>;
}

const INTERIM = /^HTTP\/1\.[01] 1\d\d/;

/** The reply without leading interim (1xx) responses such as `100 Continue`. */
function skipInterim(text: string): string {
  let rest = text;
  while (INTERIM.test(rest) && rest.includes('\r\n\r\n')) rest = rest.slice(rest.indexOf('\r\n\r\n') + 4);
  return rest;
}

/** Whether `text` holds one whole response: a head and its body (Content-Length bytes, or all chunks). */
function responseComplete(text: string): boolean {
  const head = text.indexOf('\r\n\r\n');
  if (head < 0) return false;
  const fields = text.slice(0, head);
  const body = text.slice(head + 4);
  if (/\r\ntransfer-encoding: *chunked/i.test(fields)) return /(^|\r\n)0\r\n\r\n$/.test(body); // no trailers
  const length = /\r\ncontent-length: *(\d+)/i.exec(fields)?.[1];
  return length === undefined || Buffer.byteLength(body, 'latin1') >= Number(length);
}

/** The content of a body: the data of its chunks (until the last one), or its first Content-Length bytes. */
function contentOf(fields: string, body: string): string {
  if (/\r\ntransfer-encoding: *chunked/i.test(fields)) {
    let content = '';
    let at = 0;
    for (;;) {
      const line = body.indexOf('\r\n', at);
      const size = line < 0 ? 0 : Number.parseInt(body.slice(at, line), 16); // any ;extension is ignored
      if (!(size > 0)) return content;
      content += body.slice(line + 2, line + 2 + size);
      at = line + 2 + size + 2;
    }
  }
  const length = /\r\ncontent-length: *(\d+)/i.exec(fields)?.[1];
  return length === undefined ? body : body.slice(0, Number(length));
}

function reached(until: RawOptions['until'], text: string): boolean {
  const final = skipInterim(text);
  if (until === 'status') return /^HTTP\/1\.[01] \d{3} /.test(final) && !INTERIM.test(final);
  return until === 'response' && responseComplete(final);
}

function addressOf(target: RawTarget): { host: string; port: number } {
  if (typeof target === 'number') return { host: '127.0.0.1', port: target };
  const url = new URL(target);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 80) };
}

/**
 * Connects to `target` and collects what the server sends; the caller writes (and may destroy the
 * socket) at its own pace. The idle wait counts from the connection and from each chunk received.
 *
 * @example
 * const { socket, reply } = openRawConnection(port, { idleMs: Infinity });
 * socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n');
 * setInterval(() => socket.write('x'), 50); // a slow loris
 * (await reply).closedByServer; // true once the server's timeout cut it off
 */
export function openRawConnection(target: RawTarget, options: RawOptions = {}): RawConnection {
  const { idleMs = 2000, until } = options;
  const socket = connect(addressOf(target));
  const received: Buffer[] = [];
  const reply = new Promise<RawReply>((resolve) => {
    let closedByServer = false;
    let error: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      const final = skipInterim(text);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(final)?.[1];
      const end = final.indexOf('\r\n\r\n');
      const head = end < 0 ? '' : final.slice(0, end);
      const body = end < 0 ? '' : final.slice(end + 4);
      resolve({
        status: status === undefined ? undefined : Number(status),
        text,
        head,
        body,
        content: contentOf(head, body),
        closedByServer,
        reset: error === 'ECONNRESET',
        error,
      });
    };
    const arm = () => {
      clearTimeout(timer);
      if (Number.isFinite(idleMs)) timer = setTimeout(finish, idleMs);
    };
    socket.on('connect', arm);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      arm();
      if (until !== undefined && reached(until, Buffer.concat(received).toString('latin1'))) finish();
    });
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', (cause: NodeJS.ErrnoException) => {
      error = cause.code ?? cause.message;
      finish();
    });
    socket.on('close', finish);
  });
  return { socket, reply };
}

/**
 * Writes `chunks` to `target` as given and collects the reply until the server closes, goes idle
 * or `until` is met. Never rejects: a refused or reset connection is told in `error` and `reset`.
 *
 * @example
 * const reply = await rawRequest(port, ['GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
 * reply.status; // 404
 */
export function rawRequest(
  target: RawTarget,
  chunks: (string | Uint8Array)[],
  options: RawOptions = {},
): Promise<RawReply> {
  const { end = false } = options;
  const { socket, reply } = openRawConnection(target, options);
  socket.on('connect', () => {
    for (const chunk of chunks) socket.write(chunk);
    if (end === true) socket.end();
    else if (typeof end === 'number') setTimeout(() => socket.destroyed || socket.end(), end);
  });
  return reply;
}
