/**
 * JSON bodies over a real socket: a body with Content-Length is read in one go (the fast path of
 * @hono/node-server), a chunked body chunk by chunk; both are bounded (413) and answer the same.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_JSON_BYTES } from '../../src/http/json-body.js';
import { type RunningServer, startServer } from '../../src/node/server/server.js';

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(): Promise<{ server: RunningServer; key: string }> {
  const server = await startServer({ port: 0, realTimeClock: false });
  servers.push(server);
  const [key] = await server.app.mock.seed([{ title: 'clip' }]);
  return { server, key: key ?? '' };
}

/** PUTs `body` as custom fields, with Content-Length or chunked (no Content-Length). */
function put(
  url: string,
  body: string,
  framing: 'content-length' | 'chunked',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'PUT',
      headers: {
        authorization: 'Bearer mock-token',
        'content-type': 'application/json',
        ...(framing === 'content-length' && { 'content-length': Buffer.byteLength(body) }),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    // The server may answer 413 and close before the whole body is sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    req.end(body.slice(half));
  });
}

const fields = JSON.stringify({ simpleCustomFields: { note: 'socket', views: 3 } });
const oversized = JSON.stringify({ simpleCustomFields: { note: 'x'.repeat(MAX_JSON_BYTES) } });

describe('JSON bodies over a socket', () => {
  it.each(['content-length', 'chunked'] as const)(
    'reads a %s body and stores the fields',
    async (framing) => {
      const { server, key } = await serve();
      const res = await put(`${server.url}/api/v1/videos/${key}/custom-fields`, fields, framing);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).simpleCustomFields).toEqual({ note: 'socket', views: 3 });
    },
  );

  it.each(['content-length', 'chunked'] as const)(
    'answers 413 for a %s body over the bound',
    async (framing) => {
      const { server, key } = await serve();
      const res = await put(`${server.url}/api/v1/videos/${key}/custom-fields`, oversized, framing);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).detail).toContain(String(MAX_JSON_BYTES));
      const stored = await fetch(`${server.url}/api/v1/videos/${key}`, {
        headers: { authorization: 'Bearer mock-token' },
      });
      expect((await stored.json()).simpleCustomFields).toEqual({});
    },
  );

  it.each(['content-length', 'chunked'] as const)(
    'answers a validation error for %s text that is not JSON',
    async (framing) => {
      const { server, key } = await serve();
      const res = await put(
        `${server.url}/api/v1/videos/${key}/custom-fields`,
        '{"simpleCustomFields":',
        framing,
      );
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toContain('not valid JSON');
    },
  );

  it('reads a Content-Length body that comes in several packets, with pauses', async () => {
    const { server, key } = await serve();
    const url = new URL(`${server.url}/api/v1/videos/${key}/custom-fields`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, {
        method: 'PUT',
        headers: {
          authorization: 'Bearer mock-token',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(fields),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const parts = [fields.slice(0, 5), fields.slice(5, 20), fields.slice(20)];
      const next = () => {
        const part = parts.shift();
        if (part === undefined) return;
        req.write(part);
        if (parts.length === 0) req.end();
        else setTimeout(next, 30);
      };
      next();
    });
    expect(status).toBe(200);
    const stored = await fetch(`${server.url}/api/v1/videos/${key}`, {
      headers: { authorization: 'Bearer mock-token' },
    });
    expect((await stored.json()).simpleCustomFields).toEqual({ note: 'socket', views: 3 });
  });

  it('refuses a Content-Length body that is not UTF-8, naming the encoding', async () => {
    const { server, key } = await serve();
    const bytes = Buffer.concat([
      Buffer.from('{"simpleCustomFields":{"note":"'),
      Buffer.from([0xf0, 0x9f, 0x98]), // a four-byte sequence cut after three
      Buffer.from('"}}'),
    ]);
    const res = await fetch(`${server.url}/api/v1/videos/${key}/custom-fields`, {
      method: 'PUT',
      headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/not valid UTF-8/);
  });
});
