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

/** A body being watched: its socket, the bytes read at the last look, and the tick of the next look. */
interface Watch {
  socket: Socket;
  mark: number;
  due: number;
}

/**
 * Watches the body of each request `server` receives; calls `onIdle` for a body that brought
 * fewer than BODY_IDLE_BYTES in a window of at least `windowMs` (at most 1.5 windows) while the
 * mock was ready for more (bytes the mock has not read yet, as under the `uploadBytesPerSecond`
 * fault, are its own pace, not the client's). `windowMs` 0 watches nothing.
 *
 * One timer for all bodies, ticking every half window while any is watched: a timer per request
 * cost each small PUT or create about half a microsecond to set, unref and clear.
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
  const watched = new Map<IncomingMessage, Watch>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let tick = 0;
  const sweep = () => {
    tick++;
    for (const [incoming, watch] of watched) {
      if (incoming.complete || watch.socket.destroyed) {
        watched.delete(incoming);
        continue;
      }
      if (tick < watch.due) continue;
      const received = watch.socket.bytesRead - watch.mark;
      watch.mark = watch.socket.bytesRead;
      watch.due = tick + 2; // one window on
      if (received >= BODY_IDLE_BYTES || incoming.readableLength > 0) continue;
      watched.delete(incoming);
      onIdle(incoming, watch.socket);
    }
    if (watched.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  server.on('request', (incoming: IncomingMessage) => {
    if (incoming.complete || !hasBody(incoming)) return;
    const socket = incoming.socket;
    // The first look comes 3 ticks on: between 1 and 1.5 windows after the body began.
    watched.set(incoming, { socket, mark: socket.bytesRead, due: tick + 3 });
    incoming.once('close', () => watched.delete(incoming));
    if (timer === undefined) {
      timer = setInterval(sweep, windowMs / 2);
      timer.unref();
    }
  });
}
