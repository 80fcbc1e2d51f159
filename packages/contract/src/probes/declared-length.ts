/**
 * Sends an upload that declares a huge Content-Length but carries a few bytes, to see whether the
 * server refuses it from the header alone. It goes through the target's fetch (a server over the
 * network, or an app in this process); the body stays open until an answer or the time limit.
 */
import { networkCode } from '../support/http.js';
import type { Target } from '../support/types.js';

export interface DeclaredLengthAnswer {
  /** The status answered, if any. */
  status?: number;
  /** The answer came only after the body was ended short (after the preamble and a closing boundary). */
  endedShort?: boolean;
  /** No answer: the time ran out while the server waited for the body (`waiting`), the connection
   * broke after it was made (`closed`), or it could not be made at all (`unreachable`). */
  failure?: 'waiting' | 'closed' | 'unreachable';
  detail: string;
}

const BOUNDARY = 'contract-probe-boundary';
const preamble = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
const closing = `\r\n--${BOUNDARY}--\r\n`;
/** Codes of a connection that was never made: nothing can be told of the server's limits. */
const NOT_CONNECTED = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT/;

const TIMED_OUT = Symbol('timed out');
const within = <T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

/**
 * Sends the declared-length upload. When the server answers while the body is still open, that is
 * its answer to the declared size. When it waits, the body is ended short (a closing boundary, so
 * the form is complete) and the server gets as long again: an answer then shows what it does with a
 * body that declared that size. Over a socket the HTTP client itself refuses a body shorter than
 * its Content-Length, so there the server usually cannot answer at all (`waiting`/`closed` after
 * `endedShort`), which tells nothing of a limit.
 */
export async function sendDeclaredLength(
  target: Target,
  url: string,
  declared: number,
  timeoutMs: number,
): Promise<DeclaredLengthAnswer> {
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
      controller.enqueue(new TextEncoder().encode(preamble));
    },
  });
  const controller = new AbortController();
  const init = {
    method: 'POST',
    headers: {
      authorization: `Bearer ${target.token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(declared),
    },
    body,
    duplex: 'half',
    signal: controller.signal,
  };
  const sent = preamble.length + closing.length;
  const answered = (async (): Promise<DeclaredLengthAnswer> => {
    try {
      const response = await target.fetch(new Request(url, init as RequestInit));
      await response.body?.cancel();
      return {
        status: response.status,
        detail: `answered ${response.status} after ${preamble.length} bytes`,
      };
    } catch (error) {
      const code = networkCode(error);
      const failure = NOT_CONNECTED.test(`${code} ${String(error)}`) ? 'unreachable' : 'closed';
      return {
        failure,
        detail: `no answer, the connection ${failure === 'unreachable' ? 'could not be made' : 'ended'}: ${code}`,
      };
    }
  })();
  try {
    const first = await within(answered, timeoutMs);
    if (first !== TIMED_OUT) return first;
    const waited = `no answer within ${timeoutMs} ms while the body was open (the server reads the body)`;
    try {
      stream?.enqueue(new TextEncoder().encode(closing));
      stream?.close();
    } catch {
      // the server already stopped reading
    }
    const second = await within(answered, timeoutMs);
    if (second === TIMED_OUT) {
      return {
        failure: 'waiting',
        endedShort: true,
        detail: `${waited}; none either within ${timeoutMs} ms after the body ended short`,
      };
    }
    if (second.status !== undefined) {
      return {
        status: second.status,
        endedShort: true,
        detail: `${waited}; once the body ended short after ${sent} bytes: answered ${second.status}`,
      };
    }
    return { ...second, endedShort: true, detail: `${waited}; once the body ended short: ${second.detail}` };
  } finally {
    controller.abort();
    try {
      stream?.error(new Error('declared-length probe over'));
    } catch {
      // already closed
    }
  }
}
