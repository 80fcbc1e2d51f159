/**
 * Requests the mock cannot take as they are: cut short, not UTF-8, not HTTP, no usable Host, a
 * method the path does not have. Each gets a 4xx whose body says what was wrong; none is a 5xx.
 */
import { type RawReply, rawRequest } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/index.js';
import { type RunningServer, startServer } from '../../src/node/server/server.js';

const AUTH = { authorization: 'Bearer mock-token' };
const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(): Promise<{ server: RunningServer; port: number; key: string }> {
  const server = await startServer({ port: 0, realTimeClock: false });
  servers.push(server);
  const [key] = await server.app.mock.seed([{ title: 'clip' }]);
  return { server, port: Number(new URL(server.url).port), key: key ?? '' };
}

/** The status and the JSON content of a raw reply. */
function statusAndBody(reply: RawReply): { status: number | undefined; body: unknown } {
  return { status: reply.status, body: JSON.parse(reply.content) };
}

describe('a JSON body cut short', () => {
  it.each(['POST /api/v1/videos', 'PUT /api/v1/videos/KEY/custom-fields'])(
    'is journalled as 400 aborted on %s, not as a 500',
    async (target) => {
      const { server, port, key } = await serve();
      const [method, path] = target.replace('KEY', key).split(' ');
      const head = `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer mock-token\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
      const reply = await rawRequest(port, [`${head}{"projectKey":`], { end: 50 });
      expect(reply.error).toBeUndefined();
      // The server learns of the closed connection a moment later.
      await expect
        .poll(async () => (await server.app.mock.journal({})).at(-1)?.status, { timeout: 2000 })
        .toBe(400);
      const stored = await fetch(`${server.url}/api/v1/videos/${key}`, { headers: AUTH });
      expect((await stored.json()).simpleCustomFields).toEqual({});
    },
  );

  it('in-process: a body stream that fails is a 400 that says the body ended early', async () => {
    const app = createApp();
    try {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"projectKey":'));
          controller.error(new Error('connection lost'));
        },
      });
      const res = await app.request('/api/v1/videos', {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(400);
      expect((await res.json()).detail).toMatch(/ended before it was complete/);
    } finally {
      await app.mock.close();
    }
  });
});

describe('a JSON body that is not UTF-8', () => {
  it('is refused, naming the encoding, and nothing is created', async () => {
    const app = createApp();
    try {
      const bytes = Buffer.concat([
        Buffer.from('{"projectKey":"p","videos":[{"title":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}]}'),
      ]);
      const res = await app.request('/api/v1/videos', {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: bytes,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).detail).toMatch(/not valid UTF-8/);
      expect((await app.request('/api/v1/videos/v-0001', { headers: AUTH })).status).toBe(404);
    } finally {
      await app.mock.close();
    }
  });

  it('while a replacement character sent as UTF-8 is kept as it is', async () => {
    const app = createApp();
    try {
      const res = await app.request('/api/v1/videos', {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'a\uFFFDb' }] }),
      });
      expect(res.status).toBe(200);
      expect((await res.json())[0].title).toBe('a\uFFFDb');
    } finally {
      await app.mock.close();
    }
  });
});

describe('requests that are not usable HTTP', () => {
  it.each([
    [
      'a Host that makes no URL',
      'GET /api/v1/videos/v-0001 HTTP/1.1\r\nHost: a b\r\n',
      /Host header or target/,
    ],
    [
      'a backslash in the target',
      'GET /api/v1/videos/v\\1 HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      /Host header or target/,
    ],
    ['no Host in HTTP/1.1', 'GET /api/v1/videos/v-0001 HTTP/1.1\r\n', /must have a Host header/],
    [
      'a Content-Length that is no number',
      'PUT /x HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n',
      /could not be read as HTTP\/1.1/,
    ],
    ['a request line that is not HTTP', 'HELLO\r\n', /could not be read as HTTP\/1.1/],
  ])('%s gets a 400 whose JSON body says so', async (_case, head, detail) => {
    const { port } = await serve();
    const reply = await rawRequest(port, [`${head}Authorization: Bearer mock-token\r\n\r\n`], { end: 300 });
    expect(reply.error).toBeUndefined();
    const { status, body } = statusAndBody(reply);
    expect(status).toBe(400);
    // The mock's own error shape (problem+json by default), like every other error it sends.
    expect(body).toMatchObject({
      type: 'urn:video-api-mock:problem:bad-request',
      title: 'Bad request',
      status: 400,
    });
    expect((body as { detail: string }).detail).toMatch(detail);
  });

  it('HTTP/1.0 without Host is still served', async () => {
    const { port, key } = await serve();
    const reply = await rawRequest(
      port,
      [`GET /api/v1/videos/${key} HTTP/1.0\r\nAuthorization: Bearer mock-token\r\n\r\n`],
      { end: 300 },
    );
    expect(reply.error).toBeUndefined();
    expect(statusAndBody(reply)).toMatchObject({ status: 200, body: { videoKey: key } });
  });
});

describe('a method the path does not have', () => {
  it.each([
    ['DELETE', '/api/v1/videos/v-0001', 'GET, HEAD, OPTIONS'],
    ['GET', '/api/v1/videos', 'POST, OPTIONS'],
    ['PATCH', '/api/v1/videos/v-0001/custom-fields', 'PUT, OPTIONS'],
    ['GET', '/api/upload/v1/form-data/videos/v-0001', 'POST, OPTIONS'],
  ])('%s %s is a 405 with Allow: %s', async (method, path, allow) => {
    const app = createApp();
    try {
      const res = await app.request(path, { method, headers: AUTH });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect((await res.json()).detail).toBe(`${path} does not take ${method}; it takes ${allow}.`);
    } finally {
      await app.mock.close();
    }
  });

  it('OPTIONS without Origin answers 204 with the methods; an unknown path stays a 404', async () => {
    const app = createApp();
    try {
      const options = await app.request('/api/v1/videos/v-0001', { method: 'OPTIONS' });
      expect(options.status).toBe(204);
      expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect((await app.request('/api/v2/nothing', { method: 'DELETE' })).status).toBe(404);
    } finally {
      await app.mock.close();
    }
  });
});
