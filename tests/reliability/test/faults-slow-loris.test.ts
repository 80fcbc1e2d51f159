import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@video-api/mock-server/node';
import { type Listening, openRawConnection, serveApp } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent } from '../src/support/events.js';
import { listFiles } from '../src/support/files.js';
import { fileForm, JSON_AUTH, paths, TOKEN } from '../src/support/http.js';

// A slow-loris upload trickles its body a byte at a time to hold a connection and a temporary
// file open. With a request timeout on the server (node:http `requestTimeout`, here 1.5 s; the
// mock's startServer and CLI default to 1 hour, and cut a trickle sooner with their body idle
// timeout: faults-timeouts.test.ts) it is cut off, and the mock frees what it held: the temporary
// file, the upload state, the connection.
const dataDir = mkdtempSync(join(tmpdir(), 'reliability-loris-'));
const app = createApp({ dataDir, readings: { 'video-states': 'detailed' } });
let server: Listening;
beforeAll(async () => {
  server = await serveApp(app, {
    requestTimeout: 1500,
    headersTimeout: 1000,
    connectionsCheckingInterval: 100,
  });
});
afterAll(async () => {
  await server.close();
  await app.mock.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

describe('a slow-loris upload', () => {
  it('is cut off by the timeout and its temporary file, upload state and connection are freed', async () => {
    const [key = ''] = await app.mock.seed([{ title: 'loris' }]);
    const started = nextEvent(app, (e) => e.videoKey === key && e.state === 'uploading');
    const abandoned = nextEvent(app, (e) => e.videoKey === key && e.previousState === 'uploading');
    const { socket, reply: answer } = openRawConnection(server.port, { idleMs: Infinity });
    const closed = answer.then(({ text }) => text);
    socket.write(
      `POST ${paths.upload(key)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 10000000\r\n\r\n' +
        '--b\r\nContent-Disposition: form-data; name="file"; filename="slow.mp4"\r\n\r\n',
    );
    await started;
    const drip = setInterval(() => socket.write('x'), 50);
    const reply = await closed;
    clearInterval(drip);
    expect(reply === '' || /^HTTP\/1\.1 4\d\d/.test(reply)).toBe(true);
    expect((await abandoned).state).toBe('created');
    expect(listFiles(join(dataDir, 'tmp'))).toEqual([]);
    expect(await openConnections()).toBe(0);
  });

  it('leaves the server serving: a normal upload succeeds afterwards', async () => {
    const [key = ''] = await app.mock.seed([{ title: 'after loris' }]);
    const response = await fetch(`${server.url}${paths.upload(key)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: fileForm('fine'),
    });
    expect(response.status).toBe(200);
    await response.text();
    const got = await app.request(paths.get(key), { headers: JSON_AUTH });
    expect(((await got.json()) as { status?: string }).status).not.toBe('created');
  });
});
