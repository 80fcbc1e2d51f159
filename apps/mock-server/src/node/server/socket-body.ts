/**
 * The whole body of a request served by @hono/node-server, read straight from Node's
 * IncomingMessage as the chunks Node hands over. `Request.arrayBuffer()` there copies the bytes
 * into a fresh ArrayBuffer (about 0.8 µs for a small body, and external memory the collector
 * counts); this reads the same bytes without the copy.
 */
import type { Readable } from 'node:stream';
import { concatBytes } from '../../shared/bytes.js';

/** Why a socket body could not be read: the connection closed or failed before its end. */
export class SocketBodyError extends Error {}

/**
 * The body's bytes, once Node has parsed them to the end of the request (its Content-Length or
 * last chunk); rejects with a SocketBodyError when the request is cut off first, or was read before.
 *
 * @example
 * const bytes = await readSocketBody(incoming);
 */
export function readSocketBody(incoming: Readable): Promise<Uint8Array> {
  if (incoming.readableEnded || incoming.readableDidRead === true)
    return Promise.reject(new SocketBodyError('the request body was read before'));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const onData = (chunk: Uint8Array) => {
      chunks.push(chunk);
      size += chunk.byteLength;
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
    const onError = (error: Error) => settle(new SocketBodyError(error.message));
    // 'close' before 'end': the connection went away mid-body.
    const onClose = () => settle(new SocketBodyError('the connection closed before the body ended'));
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}
