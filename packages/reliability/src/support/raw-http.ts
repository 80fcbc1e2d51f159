/** Raw HTTP over node:net: sends bytes as given (malformed on purpose) and reads what comes back. */
import { connect } from 'node:net';

export interface RawReply {
  /** The status of the first response line, or undefined when the server sent nothing. */
  status: number | undefined;
  /** Everything the server sent, as text. */
  text: string;
  /** The body of the first response (after the blank line). */
  body: string;
  /** Whether the server closed the connection (rather than our timeout ending the wait). */
  closedByServer: boolean;
}

/** The reply without leading interim (1xx) responses such as `100 Continue`. */
function skipInterim(text: string): string {
  let rest = text;
  while (/^HTTP\/1\.[01] 1\d\d/.test(rest) && rest.includes('\r\n\r\n')) {
    rest = rest.slice(rest.indexOf('\r\n\r\n') + 4);
  }
  return rest;
}

/** Whether `text` holds one whole response: a head and, if announced, Content-Length body bytes. */
function responseComplete(text: string): boolean {
  const head = text.indexOf('\r\n\r\n');
  if (head < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, head))?.[1];
  return length === undefined || Buffer.byteLength(text.slice(head + 4), 'latin1') >= Number(length);
}

export interface RawOptions {
  /**
   * End our side after writing (half-close). Default false: Node's HTTP server treats a half-close
   * as the end of the exchange and aborts a request still being handled.
   */
  end?: boolean;
  /** Stop waiting after this many ms of silence and close. Default 2000. */
  idleMs?: number;
  /** Resolve as soon as one complete response head has arrived. Default false. */
  firstResponse?: boolean;
}

/**
 * Writes `chunks` to 127.0.0.1:`port` and collects the reply until the server closes or goes idle.
 *
 * @example
 * const reply = await rawRequest(port, ['GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
 * reply.status; // 404
 */
export function rawRequest(
  port: number,
  chunks: (string | Uint8Array)[],
  options: RawOptions = {},
): Promise<RawReply> {
  const { end = false, idleMs = 2000, firstResponse = false } = options;
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    let closedByServer = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      const final = skipInterim(text);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(final)?.[1];
      const head = final.indexOf('\r\n\r\n');
      resolve({
        status: status === undefined ? undefined : Number(status),
        text,
        body: head < 0 ? '' : final.slice(head + 4),
        closedByServer,
      });
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, idleMs);
    };
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      arm();
      if (firstResponse && responseComplete(skipInterim(Buffer.concat(received).toString('latin1'))))
        finish();
    });
    socket.on('end', () => {
      closedByServer = true;
      finish();
    });
    socket.on('error', () => finish());
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
      if (end) socket.end();
      arm();
    });
  });
}
