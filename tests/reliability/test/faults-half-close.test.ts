// A client that sends a whole request and then half-closes its side (shutdown(SHUT_WR), `socket.end()`)
// still reads the answer: the mock's server must answer every complete request, whatever its speed.
import { type RunningServer, startServer } from '@video-api/mock-server/node';
import { openRawConnection, rawRequest } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent } from '../src/support/events.js';
import { JSON_AUTH, paths, TOKEN } from '../src/support/http.js';

const TRIES = 50;
let server: RunningServer;
beforeAll(async () => {
  // detailed states: an upload under way is told by its 'uploading' event.
  server = await startServer({ port: 0, logLevel: 'silent', readings: { 'video-states': 'detailed' } });
});
afterAll(async () => {
  await server.close();
});

const head = (method: string, path: string, fields: Record<string, string>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

function createRequest(title: string): string {
  const body = JSON.stringify({ projectKey: 'p', videos: [{ title }] });
  return (
    head('POST', paths.create, { ...JSON_AUTH, 'content-length': String(Buffer.byteLength(body)) }) + body
  );
}

function uploadRequest(key: string, content: string): string {
  const body =
    '--b\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n' +
    `Content-Type: video/mp4\r\n\r\n${content}\r\n--b--\r\n`;
  return (
    head('POST', paths.upload(key), {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'multipart/form-data; boundary=b',
      'content-length': String(Buffer.byteLength(body)),
    }) + body
  );
}

/** Sends `request` whole, half-closes at once and returns the answer's status and content. */
async function halfClosed(request: string): Promise<{ status: number | undefined; content: string }> {
  const reply = await rawRequest(server.url, [request], { end: true, until: 'response', idleMs: 5000 });
  return { status: reply.status, content: reply.content };
}

describe('a complete request followed by a half-close', () => {
  it(`is answered for a JSON create, ${TRIES} times out of ${TRIES}`, async () => {
    const answers = [];
    for (let i = 0; i < TRIES; i++) answers.push(await halfClosed(createRequest(`half ${i}`)));
    expect(answers.map((a) => a.status !== undefined && a.status >= 200 && a.status < 300)).toEqual(
      Array(TRIES).fill(true),
    );
    for (const [i, { content }] of answers.entries()) expect(content).toContain(`half ${i}`);
  });

  it(`is answered for a GET, ${TRIES} times out of ${TRIES}`, async () => {
    const [key = ''] = await server.app.mock.seed([{ title: 'read after half-close' }]);
    const answers = [];
    for (let i = 0; i < TRIES; i++) answers.push(await halfClosed(head('GET', paths.get(key), JSON_AUTH)));
    expect(answers.map((a) => a.status)).toEqual(Array(TRIES).fill(200));
    for (const { content } of answers) expect(content).toContain('read after half-close');
  });

  it(`is answered for a multipart upload, ${TRIES} times out of ${TRIES}, each journalled as answered`, async () => {
    const keys = await server.app.mock.seed(
      Array.from({ length: TRIES }, (_, i) => ({ title: `upload ${i}` })),
    );
    const statuses = [];
    for (const [i, key] of keys.entries())
      statuses.push((await halfClosed(uploadRequest(key, `bytes ${i}`))).status);
    expect(statuses).toEqual(Array(TRIES).fill(200));
    const journalled = (await server.app.mock.journal({ operationId: 'uploadVideoSource' })).map(
      (entry) => entry.status,
    );
    expect(journalled).toEqual(Array(TRIES).fill(200));
  });

  it('still ends an upload cut short by the half-close: a 400 that says so, the upload abandoned', async () => {
    const [key = ''] = await server.app.mock.seed([{ title: 'cut short' }]);
    const started = nextEvent(server.app, (e) => e.videoKey === key && e.state === 'uploading');
    const abandoned = nextEvent(server.app, (e) => e.videoKey === key && e.previousState === 'uploading');
    const whole = uploadRequest(key, 'x'.repeat(1000));
    const { socket, reply } = openRawConnection(server.url, { idleMs: 5000 });
    socket.write(whole.slice(0, whole.length - 500));
    await started;
    socket.end();
    const answer = await reply;
    expect(answer.status).toBe(400);
    expect(answer.content).toContain('could not be read');
    expect((await abandoned).state).toBe('created');
  });
});
