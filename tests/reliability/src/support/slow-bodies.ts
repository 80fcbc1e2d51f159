/**
 * Requests whose bodies arrive after their heads, as from slow clients: every head is written
 * first, and every body only once all heads are out. A handler that reads state before it awaits
 * its body sees the state of before any of these requests.
 */
import { once } from 'node:events';
import { openRawConnection } from '@video-api/test-support';

export interface SlowRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `requests` on one socket each: heads, a pause of `pauseMs`, then bodies. Resolves with the
 * statuses (0 for no answer) once every server has answered and closed.
 *
 * @example
 * await sendWithSlowBodies(port, [{ method: 'PUT', path, headers, body }]);
 */
export async function sendWithSlowBodies(
  port: number,
  requests: SlowRequest[],
  pauseMs = 300,
): Promise<number[]> {
  const connections = requests.map(() => openRawConnection(port, { idleMs: Infinity }));
  await Promise.all(connections.map(({ socket }) => once(socket, 'connect')));
  for (const [i, { socket }] of connections.entries()) {
    const request = requests[i] as SlowRequest;
    const headers = Object.entries({
      ...request.headers,
      'content-length': String(Buffer.byteLength(request.body)),
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `${request.method} ${request.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  for (const [i, { socket }] of connections.entries()) socket.write((requests[i] as SlowRequest).body);
  const replies = await Promise.all(connections.map(({ reply }) => reply));
  return replies.map((reply) => reply.status ?? 0);
}
