/**
 * Hostile clients found by the reliability fuzzing: a body that ends inside a part the mock skips
 * (it used to crash the process), a slow-loris upload (cut off by the idle timeout, leaving no
 * temporary file), a custom-fields body that arrives late (it used to undo an upload that landed
 * meanwhile), the field name `__proto__` (it used to vanish) and an invalid Host header (a 500).
 */
import { existsSync, readdirSync } from 'node:fs';
import { openRawConnection, rawRequest } from '@video-api/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/node/index.js';
import { type RunningServer, startServer } from '../../src/node/server/server.js';

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
    const request = [
      `POST /api/upload/v1/form-data/videos/${key} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Authorization: Bearer mock-token',
      'Content-Type: multipart/form-data; boundary=b',
      'Content-Length: 1000000',
      '',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="slow.mp4"\r\n\r\nfirst bytes',
    ].join('\r\n');
    // Then nothing more is sent: the server ends the connection.
    await rawRequest(server.url, [request], { idleMs: Infinity });
    await server.app.mock.uploadsSettled();
    const temp = server.app.mock.paths().temp;
    expect(existsSync(temp) ? readdirSync(temp) : []).toEqual([]);
    const video = await fetch(`${server.url}/api/v1/videos/${key}`, { headers: AUTH });
    expect(((await video.json()) as { status: string }).status).toBe('created');
  });
});

describe('a custom-fields body that arrives after an upload completed', () => {
  it('keeps the upload and writes the field', async () => {
    const server = await startServer({ port: 0, realTimeClock: false });
    servers.push(server);
    const key = await createVideo((path, init) => fetch(`${server.url}${path}`, init));
    const body = JSON.stringify({ simpleCustomFields: { note: 'late' } });
    const { socket, reply } = openRawConnection(server.url, { until: 'status', idleMs: Infinity });
    socket.write(
      [
        `PUT /api/v1/videos/${key}/custom-fields HTTP/1.1`,
        'Host: 127.0.0.1',
        'Authorization: Bearer mock-token',
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(1024)]), 'clip.mp4');
    const upload = await fetch(`${server.url}/api/upload/v1/form-data/videos/${key}`, {
      method: 'POST',
      headers: AUTH,
      body: form,
    });
    expect(upload.status).toBe(200);
    socket.write(body);
    expect((await reply).text).toMatch(/^HTTP\/1\.1 200/);
    const video = (await (await fetch(`${server.url}/api/v1/videos/${key}`, { headers: AUTH })).json()) as {
      status: string;
      simpleCustomFields: Record<string, unknown>;
    };
    expect(video.status).not.toBe('created');
    expect(video.simpleCustomFields).toEqual({ note: 'late' });
  });
});

describe('odd names and hosts', () => {
  it('refuses the field name __proto__ with a 400 that names it', async () => {
    const app = createApp({ realTimeClock: false });
    const key = await createVideo((path, init) => Promise.resolve(app.request(path, init)));
    const res = await app.request(`/api/v1/videos/${key}/custom-fields`, {
      method: 'PUT',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{"simpleCustomFields":{"__proto__":[1,null]}}',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('/simpleCustomFields/__proto__');
    await app.mock.close();
  });

  it.each(['127.0.0.0.1', '127.0.0..1'])('answers Host: %s with a 400, not a 500', async (host) => {
    const server = await startServer({ port: 0, realTimeClock: false });
    servers.push(server);
    const { status } = await rawRequest(
      server.url,
      [`GET /api/v1/videos/v-0001 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
      { until: 'status' },
    );
    expect(status).toBe(400);
  });
});
