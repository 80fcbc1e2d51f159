/**
 * Hostile clients found by the reliability fuzzing: a body that ends inside a part the mock skips
 * (it used to crash the process), and a slow-loris upload (cut off by the idle timeout, leaving no
 * temporary file).
 */
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { type RunningServer, startServer } from '../src/server.js';

const AUTH = { authorization: 'Bearer mock-token' };
const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function createVideo(fetchFn: (path: string, init: RequestInit) => Promise<Response>): Promise<string> {
  const res = await fetchFn('/api/v1/videos', {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'clip' }] }),
  });
  return ((await res.json()) as Array<{ key: string }>)[0]?.key ?? '';
}

describe('a body that ends inside a skipped part', () => {
  it.each([
    ['a part not named file', 'name="other"; filename="x"'],
    [
      'a second file part',
      'name="file"; filename="a"\r\n\r\nabc\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="b"',
    ],
  ])('%s: 400, and the app keeps serving', async (_what, disposition) => {
    const app = createApp({ realTimeClock: false });
    const key = await createVideo((path, init) => Promise.resolve(app.request(path, init)));
    const body = `--b\r\nContent-Disposition: form-data; ${disposition}\r\n\r\nabc`; // no closing boundary
    const res = await app.request(`/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'multipart/form-data; boundary=b' },
      body,
    });
    expect(res.status).toBe(400);
    const again = await app.request(`/api/v1/videos/${key}`, { headers: AUTH });
    expect(again.status).toBe(200);
    await app.mock.close();
  });
});

describe('a slow-loris upload', () => {
  it('is cut off by the idle timeout and leaves no temporary file', async () => {
    const server = await startServer({ port: 0, realTimeClock: false, idleTimeoutMs: 200 });
    servers.push(server);
    const key = await createVideo((path, init) => fetch(`${server.url}${path}`, init));
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    socket.write(
      [
        `POST /api/upload/v1/form-data/videos/${key} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Authorization: Bearer mock-token',
        'Content-Type: multipart/form-data; boundary=b',
        'Content-Length: 1000000',
        '',
        '--b\r\nContent-Disposition: form-data; name="file"; filename="slow.mp4"\r\n\r\nfirst bytes',
      ].join('\r\n'),
    );
    await closed; // then nothing more is sent: the server ends the connection
    await server.app.mock.uploadsSettled();
    const temp = server.app.mock.paths().temp;
    expect(existsSync(temp) ? readdirSync(temp) : []).toEqual([]);
    const video = await fetch(`${server.url}/api/v1/videos/${key}`, { headers: AUTH });
    expect(((await video.json()) as { status: string }).status).toBe('created');
  });
});
