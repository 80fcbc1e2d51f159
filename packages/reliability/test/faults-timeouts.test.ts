// Slow clients are cut off when the mock's timeouts say (configured short here; the defaults are
// checked in the mock's own tests): headers that never finish, and a body that stops coming.
import { type RunningServer, startServer } from '@video-api/mock-server';
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
    socket.write('GET /api/v1/videos/v-1 HTTP/1.1\r\nHost: x\r\n');
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
    const [key = ''] = server.app.mock.seed([{ title: 'stalled body' }]);
    const started = nextEvent(server.app, (e) => e.videoKey === key && e.state === 'uploading');
    const abandoned = nextEvent(server.app, (e) => e.videoKey === key && e.previousState === 'uploading');
    const { socket, reply } = openRawConnection(server.url, { idleMs: Infinity });
    socket.write(
      `POST ${paths.upload(key)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\n` +
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
