import { describe, expect, it } from 'vitest';
import { type NodeEnv, rawRequest, refusedUrl, serveApp } from '../src/index.js';

describe('serveApp', () => {
  it('hands the raw Node request to the app as env.incoming, and streams request bodies', async () => {
    const server = await serveApp({
      async fetch(request: Request, env: NodeEnv) {
        return Response.json({
          method: env.incoming.method,
          socket: env.incoming.socket.remoteAddress,
          body: await request.text(),
        });
      },
    });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      const response = await fetch(`${server.url}/echo`, { method: 'PUT', body: 'hello' });
      expect(await response.json()).toEqual({ method: 'PUT', socket: '127.0.0.1', body: 'hello' });
    } finally {
      await server.close();
    }
  });

  it('closes open connections with the server: nothing listens afterwards', async () => {
    const server = await serveApp({ fetch: () => new Promise<Response>(() => {}) });
    const pending = rawRequest(server.port, ['GET / HTTP/1.1\r\nHost: x\r\n\r\n'], { idleMs: Infinity });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await server.close();
    expect((await pending).status).toBeUndefined();
    expect((await rawRequest(server.port, ['GET / HTTP/1.1\r\n\r\n'])).error).toBe('ECONNREFUSED');
  });
});

describe('refusedUrl', () => {
  it('is the address of a port where connections are refused', async () => {
    const error = await fetch(await refusedUrl()).catch((e: unknown) => e);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  });
});
