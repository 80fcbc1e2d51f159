/**
 * Requests whose bodies arrive after their heads, as from slow clients: every head is written
 * first, and every body only once all heads are out. A handler that reads state before it awaits
 * its body sees the state of before any of these requests.
 */
import { connect, type Socket } from 'node:net';

export interface SlowRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `requests` on one socket each: heads, a pause of `pauseMs`, then bodies. Resolves with the
 * statuses once every server has answered and closed.
 *
 * @example
 * await sendWithSlowBodies(port, [{ method: 'PUT', path, headers, body }]);
 */
export async function sendWithSlowBodies(
  port: number,
  requests: SlowRequest[],
  pauseMs = 300,
): Promise<number[]> {
  const sockets = await Promise.all(
    requests.map(
      () =>
        new Promise<{ socket: Socket; reply: Promise<string> }>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => resolve({ socket, reply }));
          const chunks: Buffer[] = [];
          socket.on('data', (chunk: Buffer) => chunks.push(chunk));
          const reply = new Promise<string>((done) =>
            socket.on('close', () => done(Buffer.concat(chunks).toString())),
          );
        }),
    ),
  );
  for (const [i, { socket }] of sockets.entries()) {
    const request = requests[i] as SlowRequest;
    const headers = Object.entries({
      ...request.headers,
      'content-length': String(Buffer.byteLength(request.body)),
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `${request.method} ${request.path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  for (const [i, { socket }] of sockets.entries()) socket.write((requests[i] as SlowRequest).body);
  const replies = await Promise.all(sockets.map(({ reply }) => reply));
  return replies.map((reply) => Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0));
}
