/**
 * The objects every request makes keep V8's fast layout even when a full collection falls
 * between a process's sixth and seventh request (src/node/server/settle-shapes.ts): the bare stack
 * loses it, so the check can fail; startServer keeps it.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sourceArgs } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';
import { settleRequestShapes } from '../../src/node/index.js';
import { getOnce } from '../../src/node/server/settle-shapes.js';

/** A loopback TCP server that does `onSocket` with each connection; resolves with it and its port. */
async function rawServer(onSocket: (socket: Socket) => void): Promise<{ server: Server; port: number }> {
  const server = createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

const CHILD = fileURLToPath(new URL('./fixtures/slack-tracking-child.ts', import.meta.url));

async function contextAfterEarlyCollection(mode: 'plain' | 'mock'): Promise<{ contextFast: boolean }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', ...sourceArgs(CHILD), mode],
    { timeout: 30_000 },
  );
  return JSON.parse(stdout) as { contextFast: boolean };
}

describe('settling the shapes of per-request objects', () => {
  it('a bare Hono app on node:http: a collection after the sixth request leaves every later Context a dictionary', async () => {
    expect(await contextAfterEarlyCollection('plain')).toEqual({ contextFast: false });
  }, 30_000);

  it('startServer settles them first: the same collection leaves Context fast', async () => {
    expect(await contextAfterEarlyCollection('mock')).toEqual({ contextFast: true });
  }, 30_000);

  it('settles once per process: later calls share the first', async () => {
    const first = settleRequestShapes();
    expect(settleRequestShapes()).toBe(first);
    await expect(first).resolves.toBeUndefined();
  });

  describe('each of its requests is bounded, so a loopback that misbehaves cannot hold up startServer', () => {
    it('a server that accepts and never answers: the request gives up after its bound', async () => {
      const sockets: Socket[] = [];
      const { server, port } = await rawServer((socket) => sockets.push(socket));
      await expect(getOnce(port, 200)).rejects.toMatchObject({ name: 'AbortError' });
      for (const socket of sockets) socket.destroy();
      server.close();
    });

    it('an answer cut short: the request fails rather than waiting', async () => {
      const { server, port } = await rawServer((socket) => {
        socket.once('data', () =>
          socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly part of it'),
        );
      });
      await expect(getOnce(port, 5_000)).rejects.toThrow();
      server.close();
    });
  });
});
