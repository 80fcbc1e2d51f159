import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Listening, listenHttp, openRawConnection, rawRequest, refusedUrl } from '../src/index.js';

let server: Listening;
beforeAll(async () => {
  server = await listenHttp((request, response) => {
    if (request.url === '/reset') return void request.socket.resetAndDestroy();
    if (request.url === '/silent') return; // never answers
    if (request.url === '/chunked') {
      response.writeHead(200).write('first');
      return void setTimeout(() => response.end('second'), 50);
    }
    request.on('data', () => {});
    request.on('end', () => response.writeHead(201, { 'content-length': '4' }).end('made'));
  });
});
afterAll(() => server.close());

const get = (path: string, extra = '') => `GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`;

describe('rawRequest', () => {
  it('reads the status, head and body of the answer; the server closing is told', async () => {
    const reply = await rawRequest(server.url, [get('/', 'Connection: close\r\n')]);
    expect(reply).toMatchObject({ status: 201, body: 'made', closedByServer: true, reset: false });
    expect(reply.head).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(reply.error).toBeUndefined();
  });

  it('skips a 100 Continue, and stops at the first whole response when asked', async () => {
    const head = 'POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n';
    const reply = await rawRequest(server.port, [head, 'hi'], { until: 'response', idleMs: 5000 });
    expect(reply.text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    expect(reply).toMatchObject({ status: 201, body: 'made', closedByServer: false });
  });

  it('waits for the last chunk of a chunked response', async () => {
    const reply = await rawRequest(server.port, [get('/chunked')], { until: 'response', idleMs: 5000 });
    expect(reply.body).toBe('5\r\nfirst\r\n6\r\nsecond\r\n0\r\n\r\n');
  });

  it('gives the content: the chunks joined, or the Content-Length bytes of a body followed by more', async () => {
    const chunked = await rawRequest(server.port, [get('/chunked')], { until: 'response', idleMs: 5000 });
    expect(chunked.content).toBe('firstsecond');
    const twice = await rawRequest(server.port, [get('/'), get('/', 'Connection: close\r\n')]);
    expect(twice.body).toMatch(/^madeHTTP\/1\.1 201 /);
    expect(twice.content).toBe('made');
  });

  it('tells a reset connection and a refused one apart from silence', async () => {
    expect(await rawRequest(server.port, [get('/reset')])).toMatchObject({ status: undefined, reset: true });
    expect(await rawRequest(await refusedUrl(), [get('/')])).toMatchObject({ error: 'ECONNREFUSED' });
    const silent = await rawRequest(server.port, [get('/silent')], { idleMs: 100 });
    expect(silent).toMatchObject({ status: undefined, text: '', closedByServer: false, error: undefined });
  });

  it('half-closes after writing when asked (the server then ends the exchange)', async () => {
    const reply = await rawRequest(server.port, [get('/silent')], { end: true, idleMs: 5000 });
    expect(reply.closedByServer).toBe(true);
  });
});

describe('openRawConnection', () => {
  it('lets the caller write at its own pace, and stops at the status line when asked', async () => {
    const { socket, reply } = openRawConnection(server.port, { until: 'status', idleMs: Infinity });
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\n');
    setTimeout(() => socket.write('abc'), 50);
    expect((await reply).status).toBe(201);
  });
});
