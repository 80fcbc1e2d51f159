import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openRawConnection } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { watchBodies } from '../../src/node/server/body-timeout.js';

const WINDOW_MS = 200;
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/**
 * A server that answers `answerAfterMs` after a request arrives and reads its body as it comes
 * (`read`) or not at all; idle bodies are recorded.
 */
async function serve(answerAfterMs: number, read: boolean) {
  const idle: IncomingMessage[] = [];
  /** What happened, in order: `answer` when the server answered, `idle` when a body was called idle. */
  const order: ('answer' | 'idle')[] = [];
  server = createServer((incoming, outgoing) => {
    if (read) incoming.resume();
    setTimeout(() => {
      if (outgoing.writableEnded || outgoing.destroyed) return;
      order.push('answer');
      outgoing.end('done');
    }, answerAfterMs);
  });
  watchBodies(server, WINDOW_MS, (incoming, socket) => {
    idle.push(incoming);
    order.push('idle');
    socket.destroy();
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, idle, order };
}

const post = (length: number) => `POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: ${length}\r\n\r\n`;

describe('watchBodies', () => {
  it('calls a body idle that trickles fewer than 1 KiB a window', async () => {
    const { port, idle } = await serve(60_000, true);
    const { socket, reply } = openRawConnection(port, { idleMs: Infinity });
    socket.write(post(10_000));
    const drip = setInterval(() => socket.writable && socket.write('x'.repeat(50)), 50);
    await reply;
    clearInterval(drip);
    expect(idle.map((incoming) => incoming.url)).toEqual(['/x']);
  });

  it('leaves alone a body the server has not read yet (its own pace), however long', async () => {
    const { port, order } = await serve(WINDOW_MS * 6, false);
    const { socket, reply } = openRawConnection(port, { idleMs: Infinity, until: 'response' });
    socket.write(post(64 * 1024) + 'y'.repeat(32 * 1024)); // half the body at once, then the client waits
    const answer = await reply;
    expect(answer.content).toBe('done');
    expect(order[0]).toBe('answer'); // not called idle while it waited, six windows long
  });

  it('leaves alone a request without a body, and a body that keeps coming', async () => {
    const { port, idle } = await serve(WINDOW_MS * 4, true);
    const get = openRawConnection(port, { idleMs: Infinity, until: 'response' });
    get.socket.write('GET /x HTTP/1.1\r\nHost: x\r\n\r\n');
    const steady = openRawConnection(port, { idleMs: Infinity, until: 'response' });
    steady.socket.write(post(1_000_000));
    const flow = setInterval(() => steady.socket.writable && steady.socket.write('z'.repeat(4096)), 50);
    const answers = await Promise.all([get.reply, steady.reply]);
    clearInterval(flow);
    expect(answers.map((answer) => answer.content)).toEqual(['done', 'done']);
    expect(idle).toEqual([]);
  });
});
