/**
 * The client on global fetch against a real HTTP server: the attempt's signal is handed to fetch
 * itself (not to openapi-fetch), so a timeout or the caller's abort must still close the socket.
 */
import type { RequestListener } from 'node:http';
import { type Listening, listenHttp } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, createVideoApiClient, NotFoundError, TimeoutError } from '../src/index.js';

const VIDEO = { videoKey: 'v-1', simpleCustomFields: { note: 'hello' } };

describe('the client on global fetch, against a real server', () => {
  const closed: string[] = [];
  const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];
  let baseUrl = '';
  let server: Listening;
  const handle: RequestListener = (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      // /hang answers never: only the client's abort ends the exchange.
      if (request.url?.includes('hang')) {
        response.on('close', () => closed.push(request.url ?? ''));
        return;
      }
      const status = request.url?.includes('missing') ? 404 : 200;
      const payload =
        status === 404 ? { title: 'Not found' } : { ...VIDEO, simpleCustomFields: JSON.parse(body || '{}') };
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    });
  };

  beforeAll(async () => {
    server = await listenHttp(handle);
    baseUrl = server.url;
  });
  afterAll(() => server.close());

  const client = () => createVideoApiClient({ baseUrl, token: 'secret', retry: false });
  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  it('sends the token and body, and reads the answer', async () => {
    const video = await client().updateCustomFields('v-1', { note: 'hello' });
    expect(video.simpleCustomFields).toEqual({ simpleCustomFields: { note: 'hello' } });
    expect(seen.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/api/v1/videos/v-1/custom-fields',
      authorization: 'Bearer secret',
    });
  });

  it('turns an error status into a typed error', async () => {
    await expect(client().getVideo('missing')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('closes the connection when the attempt times out', async () => {
    await expect(client().getVideo('hang-timeout', { timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
    await until(() => closed.includes('/api/v1/videos/hang-timeout'));
  });

  it("closes the connection when the caller's signal aborts, with or without a timeout", async () => {
    for (const timeoutMs of [0, 60_000]) {
      const controller = new AbortController();
      const path = `/api/v1/videos/hang-abort-${timeoutMs}`;
      const pending = client().getVideo(`hang-abort-${timeoutMs}`, { timeoutMs, signal: controller.signal });
      await until(() => seen.some((request) => request.url === path));
      controller.abort();
      await expect(pending).rejects.toBeInstanceOf(AbortedError);
      await until(() => closed.includes(path));
    }
  });
});
