/**
 * Sends an upload that declares a huge Content-Length but carries a few bytes, to see whether the
 * server refuses it from the header alone. It goes through the target's fetch (a server over the
 * network, or an app in this process); the body stays open until an answer or the time limit.
 */
import type { Target } from '../types.js';

export interface DeclaredLengthAnswer {
  /** The status answered, if any. */
  status?: number;
  /** No answer: the time ran out while the server waited for the body (`waiting`), the connection
   * broke after it was made (`closed`), or it could not be made at all (`unreachable`). */
  failure?: 'waiting' | 'closed' | 'unreachable';
  detail: string;
}

const BOUNDARY = 'contract-probe-boundary';
const preamble = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
/** Codes of a connection that was never made: nothing can be told of the server's limits. */
const NOT_CONNECTED = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT/;

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
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<DeclaredLengthAnswer>((resolve) => {
    timer = setTimeout(() => {
      resolve({
        failure: 'waiting',
        detail: `no answer within ${timeoutMs} ms (the server waits for the body)`,
      });
    }, timeoutMs);
  });
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
  const answered = (async (): Promise<DeclaredLengthAnswer> => {
    try {
      const response = await target.fetch(new Request(url, init as RequestInit));
      await response.body?.cancel();
      return {
        status: response.status,
        detail: `answered ${response.status} after ${preamble.length} bytes`,
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const code = cause?.code ?? cause?.message ?? String(error);
      const failure = NOT_CONNECTED.test(`${code} ${String(error)}`) ? 'unreachable' : 'closed';
      return {
        failure,
        detail: `no answer, the connection ${failure === 'unreachable' ? 'could not be made' : 'ended'}: ${code}`,
      };
    }
  })();
  try {
    return await Promise.race([answered, waited]);
  } finally {
    clearTimeout(timer);
    controller.abort();
    try {
      stream?.error(new Error('declared-length probe over'));
    } catch {
      // already closed
    }
  }
}
