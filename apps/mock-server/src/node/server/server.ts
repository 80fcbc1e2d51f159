/** Serves the mock on Node with @hono/node-server. */
import { createServer, type RequestListener, type Server, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import { answerOutsideApp, setDraining, setExposure, setServedOrigin } from '../../app.js';
import { badRequest, HttpError } from '../../http/errors.js';
import { createLog } from '../../shared/log.js';
import type { MockApp, MockOptions, TranscodeOptions } from '../../types.js';
import { createApp } from '../create-app.js';
import { BODY_IDLE_BYTES, watchBodies } from './body-timeout.js';
import { defaultAllowedHosts, exposureWarning, isLoopbackHost } from './default-hosts.js';
import { drain } from './drain.js';
import { settleRequestShapes } from './settle-shapes.js';
import { applyIdleTimeout, httpServerOptions, timeoutsOf } from './timeouts.js';

export interface ServerOptions extends MockOptions, TranscodeOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Longest wait for a request's headers (ms), cut within about a second; slow-loris guard. Default 15 000. */
  headersTimeoutMs?: number;
  /** A connection that sends and receives nothing this long (ms) is closed, also mid-body. Default 60 000. */
  idleTimeoutMs?: number;
  /** Longest time (ms) to receive a whole request, uploads included; 0 for none. Default 3 600 000. */
  requestTimeoutMs?: number;
  /**
   * A request body that brings fewer than 1 KiB in this long (ms), a stall or a trickle, is
   * answered 408 and dropped; 0 for none. Default 30 000.
   */
  bodyIdleTimeoutMs?: number;
}

/**
 * A client that sent a whole request and then half-closed its side (`shutdown(SHUT_WR)`) still
 * reads the answer. node:http's default (`httpAllowHalfOpen` false) takes the client's FIN for the
 * end of the exchange: it aborts the request being handled and ends the socket at once, so an
 * answer that takes longer than the FIN to arrive (an upload written to disk) was never sent. With
 * it true, node:http ends the socket after the answer in flight; a request still incomplete at the
 * FIN is a parse error (`clientError`, a 400 below), as before.
 */
function answerHalfClosedRequests(server: Server): void {
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
}

const CLIENT_ERROR_STATUS: Record<string, [400 | 408 | 431, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'request-header-fields-too-large', 'Request header fields too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request-timeout', 'Request timeout'],
};

/** `response` as the bytes of an HTTP/1.1 answer that closes the connection. */
async function rawAnswer(response: Response): Promise<string> {
  const body = await response.text();
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? 'Error'}\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * Node's answer to a request it could not parse as HTTP/1.1 (a bad header line, a bad
 * Content-Length, headers too large, too slow) is a bare status line; this one says what was
 * wrong, in the app's error shape, and closes the connection.
 */
function answerClientError(app: MockApp, error: NodeJS.ErrnoException, socket: Socket): void {
  const inFlight = (socket as Socket & { _httpMessage?: { _headerSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?._headerSent) {
    socket.destroy();
    return;
  }
  const [status, code, title] = CLIENT_ERROR_STATUS[error.code ?? ''] ?? [400, 'bad-request', 'Bad request'];
  const reason = String((error as { reason?: string }).reason ?? error.message).replace(/[^\x20-\x7e]/g, '?');
  const detail = `The request could not be read as HTTP/1.1 (${reason}); nothing was done.`;
  void rawAnswer(answerOutsideApp(app, new HttpError(status, { code, title, detail }))).then((text) => {
    if (socket.writable) socket.end(text);
    else socket.destroy();
  });
}

/**
 * Answers a request whose body went idle with a 408 in the app's error shape (unless its answer
 * has begun) and drops the connection, which aborts its upload.
 */
function answerIdleBody(app: MockApp, windowMs: number, socket: Socket): void {
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (started || !socket.writable) {
    socket.destroy();
    return;
  }
  const detail = `The request body brought fewer than ${BODY_IDLE_BYTES} bytes in ${windowMs} ms (the body idle timeout, --body-idle-timeout-ms); the request was dropped and nothing was stored. Send the body without pauses.`;
  const error = new HttpError(408, { code: 'request-timeout', title: 'Request timeout', detail });
  void rawAnswer(answerOutsideApp(app, error)).then((text) => {
    if (socket.writable) socket.end(text, () => socket.destroy());
    else socket.destroy();
  });
}

const unreadable = (detail: string) => badRequest('bad-request', 'Bad request', detail);

/**
 * Node's request listener for `app`: a request whose Host or target is not a URL, or an HTTP/1.1
 * request without Host (RFC 9112 §3.2), gets a 400 that says so.
 */
function listenerOf(app: MockApp, host: string): RequestListener {
  const listener = getRequestListener(app.fetch, {
    hostname: host,
    errorHandler: (error) => {
      if (error instanceof RequestError) {
        return answerOutsideApp(
          app,
          unreadable(
            `The request's Host header or target could not be made into a URL (${error.message}); send a Host of the form host[:port] and a target that starts with "/".`,
          ),
        );
      }
      // app.fetch answers every error itself (its onError); anything else is the mock's fault.
      return new Response(JSON.stringify({ title: 'Internal error', status: 500 }), {
        status: 500,
        headers: { 'content-type': 'application/problem+json' },
      });
    },
  });
  return (incoming, outgoing) => {
    if (incoming.headers.host !== undefined || incoming.httpVersion !== '1.1')
      return listener(incoming, outgoing);
    const answer = answerOutsideApp(
      app,
      unreadable('An HTTP/1.1 request must have a Host header (RFC 9112 §3.2); send Host: host[:port].'),
    );
    void answer.text().then((body) => {
      outgoing.writeHead(answer.status, {
        ...Object.fromEntries(answer.headers),
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      });
      outgoing.end(body);
    });
  };
}

/**
 * Bound to a non-loopback address without an admin token: one warning line at start (shown unless
 * the log level is `error` or `silent`; startServer's default is to show it), and the same words
 * in `GET /__mock/access` for the console.
 */
function warnIfExposed(app: MockApp, host: string, url: string, options: ServerOptions): void {
  const warning = exposureWarning(host, options.adminToken, url);
  setExposure(app, { exposed: !isLoopbackHost(host), ...(warning !== undefined && { warning }) });
  if (warning === undefined) return;
  const write = options.logger ?? ((line: string) => process.stderr.write(`${line}\n`));
  createLog(options.logLevel ?? 'warn', write)('warn', { msg: warning });
}

export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  app: MockApp;
  /**
   * Stops listening, ends open connections and closes the app (temp folder removed). With
   * `drainMs` (what the CLI does on SIGTERM and SIGINT), `/readyz` answers 503 `draining` and the
   * requests in flight may finish first, for at most that long.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/**
 * Creates the app and listens.
 *
 * @example
 * const server = await startServer({ port: 0 });
 * await fetch(`${server.url}/api/v1/videos/v-0001`, { headers: { authorization: 'Bearer mock-token' } });
 * await server.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const {
    port = 4010,
    host = '127.0.0.1',
    headersTimeoutMs,
    idleTimeoutMs,
    requestTimeoutMs,
    bodyIdleTimeoutMs,
    ...rest
  } = options;
  const timeouts = timeoutsOf({ headersTimeoutMs, idleTimeoutMs, requestTimeoutMs, bodyIdleTimeoutMs });
  // Hosts are always checked when served (DNS rebinding); a value of the wrong kind goes to resolveOptions as it is.
  const allowedHosts =
    rest.allowedHosts === undefined || Array.isArray(rest.allowedHosts)
      ? defaultAllowedHosts({ host, streamingBase: rest.streamingBase, allowedHosts: rest.allowedHosts })
      : rest.allowedHosts;
  const app = createApp({ ...rest, allowedHosts });
  await settleRequestShapes(); // before the first request, so no collection can undo it (./settle-shapes.ts)
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(
      { requireHostHeader: false, ...httpServerOptions(timeouts) },
      listenerOf(app, host),
    );
    s.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) =>
      answerClientError(app, error, socket),
    );
    s.once('error', reject);
    s.listen(port, host, () => resolve(s));
  }).catch(async (error: unknown) => {
    await app.mock.close();
    throw error;
  });
  applyIdleTimeout(server, timeouts);
  watchBodies(server, timeouts.bodyIdleTimeoutMs, (_incoming, socket) =>
    answerIdleBody(app, timeouts.bodyIdleTimeoutMs, socket),
  );
  answerHalfClosedRequests(server);
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  // Bound to every address: events name the loopback one (--streaming-base names another).
  const reachable = hostPart === '0.0.0.0' ? '127.0.0.1' : hostPart === '[::]' ? '[::1]' : hostPart;
  setServedOrigin(app, `http://${reachable}:${address.port}`);
  const url = `http://${hostPart}:${address.port}`;
  warnIfExposed(app, host, url, options);
  return {
    url,
    app,
    close: async ({ drainMs = 0 } = {}) => {
      if (drainMs > 0) setDraining(app);
      await drain(server, drainMs);
      await app.mock.close();
    },
  };
}
