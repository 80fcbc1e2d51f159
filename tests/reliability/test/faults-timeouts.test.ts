// Slow clients are cut off when the mock's timeouts say (configured short here; the defaults are
// checked in the mock's own tests): headers that never finish, a body that stops coming, a body
// that trickles; an upload the mock itself reads slowly is not the client's fault.
import { type RunningServer, startServer } from '@video-api/mock-server/node';
import { openRawConnection, type RawReply } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent } from '../src/support/events.js';
import { paths, TOKEN } from '../src/support/http.js';

const HEADERS_TIMEOUT_MS = 1000;
const IDLE_TIMEOUT_MS = 1000;
/** Far less than node:http's own 30 s check interval, far more than the timeouts plus a check. */
const GIVE_UP_MS = 8000;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    logLevel: 'silent',
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    idleTimeoutMs: IDLE_TIMEOUT_MS,
    readings: { 'video-states': 'detailed' },
  });
});
afterAll(async () => {
  await server.close();
});

/** The reply, or undefined when the server still held the connection after GIVE_UP_MS. */
function within(reply: Promise<RawReply>): Promise<RawReply | undefined> {
  return Promise.race([reply, new Promise<undefined>((resolve) => setTimeout(resolve, GIVE_UP_MS))]);
}

describe('the header timeout', () => {
  it('cuts off headers that trickle in, with a 408, soon after the configured time', async () => {
    const { socket, reply } = openRawConnection(server.url, { idleMs: Infinity });
    socket.write('GET /api/v1/videos/v-1 HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: y\r\n'), 100);
    const answer = await within(reply);
    clearInterval(drip);
    socket.destroy();
    expect(answer?.status).toBe(408);
    expect(answer?.content).toContain('timeout');
  });
});

describe('the idle timeout', () => {
  it('closes an upload whose body stops coming, and abandons the upload', async () => {
    const [key = ''] = await server.app.mock.seed([{ title: 'stalled body' }]);
    const started = nextEvent(server.app, (e) => e.videoKey === key && e.state === 'uploading');
    const abandoned = nextEvent(server.app, (e) => e.videoKey === key && e.previousState === 'uploading');
    const { socket, reply } = openRawConnection(server.url, { idleMs: Infinity });
    socket.write(
      `POST ${paths.upload(key)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n' +
        '--b\r\nContent-Disposition: form-data; name="file"; filename="stalled.mp4"\r\n\r\nsome bytes',
    );
    await started;
    const answer = await within(reply);
    socket.destroy();
    expect(answer?.closedByServer || answer?.reset).toBe(true);
    expect((await abandoned).state).toBe('created');
  });
});

describe('the body idle timeout', () => {
  const BODY_IDLE_MS = 1000;
  let slow: RunningServer;
  beforeAll(async () => {
    slow = await startServer({
      port: 0,
      logLevel: 'silent',
      bodyIdleTimeoutMs: BODY_IDLE_MS,
      idleTimeoutMs: 60_000, // far longer: what cuts here is the body idle timeout
      readings: { 'video-states': 'detailed' },
    });
  });
  afterAll(async () => {
    await slow.close();
  });

  const uploadHead = (key: string, length: number) =>
    `POST ${paths.upload(key)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n` +
    `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${length}\r\n\r\n` +
    '--b\r\nContent-Disposition: form-data; name="file"; filename="slow.mp4"\r\n\r\n';

  it('answers 408 to an upload that trickles a byte every 100 ms, and abandons the upload', async () => {
    const [key = ''] = await slow.app.mock.seed([{ title: 'trickle' }]);
    const started = nextEvent(slow.app, (e) => e.videoKey === key && e.state === 'uploading');
    const abandoned = nextEvent(slow.app, (e) => e.videoKey === key && e.previousState === 'uploading');
    const { socket, reply } = openRawConnection(slow.url, { idleMs: Infinity });
    socket.write(`${uploadHead(key, 100_000)}first bytes`);
    await started;
    const drip = setInterval(() => socket.writable && socket.write('x'), 100);
    const answer = await within(reply);
    clearInterval(drip);
    socket.destroy();
    expect(answer?.status).toBe(408);
    expect(answer?.content).toContain(`fewer than 1024 bytes in ${BODY_IDLE_MS} ms`);
    expect((await abandoned).state).toBe('created');
  });

  it('answers 408 to a JSON body that stops coming', async () => {
    const { socket, reply } = openRawConnection(slow.url, { idleMs: Infinity });
    socket.write(
      `POST ${paths.create} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"projectKey":',
    );
    const answer = await within(reply);
    socket.destroy();
    expect(answer?.status).toBe(408);
  });

  it('lets an upload through that the mock itself reads slowly (the uploadBytesPerSecond fault)', async () => {
    const [key = ''] = await slow.app.mock.seed([{ title: 'read slowly' }]);
    slow.app.mock.faults.set([{ route: 'uploadVideoSource', uploadBytesPerSecond: 64 * 1024 }]);
    try {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(256 * 1024)]), 'slow.mp4');
      const response = await fetch(`${slow.url}${paths.upload(key)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: form,
      });
      expect(response.status).toBe(200);
      await response.text();
    } finally {
      slow.app.mock.faults.set([]);
    }
  });
});
