/** A draining server (SIGTERM) lets its requests in flight finish, for at most its bound (src/node/server/drain.ts). */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drain } from '../../src/node/server/drain.js';
import { startServer } from '../../src/node/server/server.js';

/** A server whose every answer takes `ms`. */
async function slowServer(ms: number): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    setTimeout(() => res.end('done'), ms);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/** The body of a GET, or the error that ended it. */
function get(url: string): Promise<string> {
  return new Promise((resolve) => {
    request(url, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve(body));
      res.on('error', (error) => resolve(`error: ${error.message}`));
    })
      .on('error', (error) => resolve(`error: ${error.message}`))
      .end();
  });
}

describe('drain', () => {
  it('waits for the requests in flight, then closes', async () => {
    const { server, url } = await slowServer(300);
    const answer = get(url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await drain(server, 5000);
    expect(await answer).toBe('done');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(server.listening).toBe(false);
  });

  it('ends what is still running when its bound is reached', async () => {
    const { server, url } = await slowServer(5000);
    const answer = get(url);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await drain(server, 200);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(await answer).toMatch(/^error: /);
  });

  it("the mock's server says draining on /readyz while it drains", async () => {
    const server = await startServer({ port: 0, logLevel: 'silent' });
    // A request that holds the server: the journal's live stream stays open.
    const stream = fetch(`${server.url}/__mock/journal/stream`).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = server.close({ drainMs: 1000 });
    const ready = await new Promise<number>((resolve) => {
      request(`${server.url}/readyz`, (res) => resolve(res.statusCode ?? 0))
        .on('error', () => resolve(-1))
        .end();
    });
    // Either answered draining on a connection accepted before close, or refused: never ready.
    expect(ready === 503 || ready === -1).toBe(true);
    await closing;
    await stream;
  });
});
