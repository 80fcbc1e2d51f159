/**
 * The body idle timeout: a request body that stops coming, or trickles (fewer than
 * BODY_IDLE_BYTES in a whole window), is cut off. The connection idle timeout alone never cut a
 * trickle (one byte a second keeps a connection busy), so such a body held its connection and
 * upload for up to the request timeout (an hour).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/** Fewer bytes than this in a window of the body idle timeout is an idle body. */
export const BODY_IDLE_BYTES = 1024;

/** Whether `incoming` announces a body (RFC 9112 §6.3: a Content-Length above 0, or a Transfer-Encoding). */
function hasBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers['content-length'];
  return incoming.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Watches the body of each request `server` receives, in windows of `windowMs`; calls `onIdle`
 * for a body that brought fewer than BODY_IDLE_BYTES in a window while the mock was ready for
 * more (bytes the mock has not read yet, as under the `uploadBytesPerSecond` fault, are its own
 * pace, not the client's). `windowMs` 0 watches nothing.
 *
 * @example
 * watchBodies(server, 30_000, (incoming, socket) => socket.destroy());
 */
export function watchBodies(
  server: Server,
  windowMs: number,
  onIdle: (incoming: IncomingMessage, socket: Socket) => void,
): void {
  if (windowMs === 0) return;
  server.on('request', (incoming: IncomingMessage) => {
    const socket = incoming.socket;
    if (incoming.complete || !hasBody(incoming)) return;
    let mark = socket.bytesRead;
    const timer = setInterval(() => {
      if (incoming.complete || socket.destroyed) {
        clearInterval(timer);
        return;
      }
      const received = socket.bytesRead - mark;
      mark = socket.bytesRead;
      if (received >= BODY_IDLE_BYTES || incoming.readableLength > 0) return;
      clearInterval(timer);
      onIdle(incoming, socket);
    }, windowMs);
    timer.unref();
    incoming.once('close', () => clearInterval(timer));
  });
}
