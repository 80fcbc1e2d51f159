/**
 * The whole body of a request served by @hono/node-server, read straight from Node's
 * IncomingMessage as the chunks Node hands over. `Request.arrayBuffer()` there copies the bytes
 * into a fresh ArrayBuffer (about 0.8 µs for a small body, and external memory the collector
 * counts); this reads the same bytes without the copy.
 */
import { concatBytes } from '../shared/bytes.js';

/** What is read of Node's IncomingMessage (duck-typed: the portable core imports nothing of Node). */
export interface IncomingBody {
  readonly readableEnded: boolean;
  readonly readableDidRead?: boolean;
  on(event: string, listener: (value?: unknown) => void): unknown;
  removeListener(event: string, listener: (value?: unknown) => void): unknown;
}

/** Why a socket body could not be read: the connection closed or failed before its end. */
export class SocketBodyError extends Error {}

/**
 * The body's bytes, once Node has parsed them to the end of the request (its Content-Length or
 * last chunk); rejects with a SocketBodyError when the request is cut off first, or was read before.
 *
 * @example
 * const bytes = await readSocketBody(c.env.incoming as IncomingBody);
 */
export function readSocketBody(incoming: IncomingBody): Promise<Uint8Array> {
  if (incoming.readableEnded || incoming.readableDidRead === true)
    return Promise.reject(new SocketBodyError('the request body was read before'));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const onData = (chunk?: unknown) => {
      chunks.push(chunk as Uint8Array);
      size += (chunk as Uint8Array).byteLength;
    };
    const settle = (error?: Error) => {
      incoming.removeListener('data', onData);
      incoming.removeListener('end', onEnd);
      incoming.removeListener('error', onError);
      incoming.removeListener('close', onClose);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? (chunks[0] as Uint8Array) : concatBytes(chunks, size));
    };
    const onEnd = () => settle();
    const onError = (error?: unknown) => settle(new SocketBodyError((error as Error).message));
    // 'close' before 'end': the connection went away mid-body.
    const onClose = () => settle(new SocketBodyError('the connection closed before the body ended'));
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}
