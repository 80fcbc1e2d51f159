/**
 * Sends an upload that declares a huge Content-Length but carries a few bytes, to see whether the
 * server refuses it from the header alone. fetch cannot send a length it does not deliver, so
 * over the network this uses node:http; in-process it builds the Request directly.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Target } from '../types.js';

export interface DeclaredLengthAnswer {
  status: number | undefined;
  detail: string;
}

const BOUNDARY = 'contract-probe-boundary';
const preamble = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;

export async function sendDeclaredLength(
  target: Target,
  url: string,
  declared: number,
  timeoutMs: number,
): Promise<DeclaredLengthAnswer> {
  const headers = {
    authorization: `Bearer ${target.token}`,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'content-length': String(declared),
  };
  if (target.inProcess) {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(preamble));
        controller.close();
      },
    });
    const init = { method: 'POST', headers, body, duplex: 'half', signal: AbortSignal.timeout(timeoutMs) };
    try {
      const response = await target.fetch(new Request(url, init as RequestInit));
      await response.body?.cancel();
      return { status: response.status, detail: `answered ${response.status}` };
    } catch (error) {
      return { status: undefined, detail: `no answer: ${String(error)}` };
    }
  }
  return new Promise((resolve) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = send(url, { method: 'POST', headers });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: undefined, detail: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    req.on('response', (res) => {
      clearTimeout(timer);
      res.resume();
      req.destroy();
      resolve({
        status: res.statusCode,
        detail: `answered ${res.statusCode} after ${preamble.length} bytes`,
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      resolve({ status: undefined, detail: `connection ended: ${error.message}` });
    });
    req.write(preamble);
  });
}
