import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbortedError, createVideoApiClient } from '@video-api/client';
import { createApp } from '@video-api/mock-server/node';
import { openRawConnection } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';
import { nextEvent } from '../src/support/events.js';
import { diskUsage, listFiles } from '../src/support/files.js';
import { JSON_AUTH, paths, TOKEN } from '../src/support/http.js';
import { listenDuringSuite } from './listen-during-suite.js';

// A client that goes away in the middle of an upload (§4.2) leaves nothing behind: no partial
// source, no temporary file, the upload folders' size as before, and a new upload works. The
// mock plays `video-states: detailed`, so giving up an upload is an event (uploading → created).
const dataDir = mkdtempSync(join(tmpdir(), 'reliability-abort-'));
const app = createApp({ dataDir, readings: { 'video-states': 'detailed' } });
const server = listenDuringSuite(app, () => rmSync(dataDir, { recursive: true, force: true }));

const FILE = Buffer.alloc(4 * 1024 * 1024, 0x5a);
const opening = Buffer.from(
  '--b\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n',
);
const closing = Buffer.from('\r\n--b--\r\n');
const whole = Buffer.concat([opening, FILE, closing]);
const uploadFolders = (path: string) => path.startsWith('uploads/') || path.startsWith('tmp/');

/** Where in the body the client disappears: the bytes it sent before destroying its socket. */
const points: [string, Buffer][] = [
  ['after the request head', Buffer.alloc(0)],
  ['inside the part headers', opening.subarray(0, 40)],
  ['after the first file bytes', whole.subarray(0, opening.length + 1024)],
  ['half-way through the file', whole.subarray(0, opening.length + FILE.length / 2)],
  ['before the closing boundary', whole.subarray(0, opening.length + FILE.length)],
];

async function stateOf(key: string): Promise<string | undefined> {
  const response = await app.request(paths.get(key), { headers: JSON_AUTH });
  return ((await response.json()) as { status?: string }).status;
}

describe('an upload the client aborts', () => {
  it.each(points)(
    '%s leaves no partial source, no temporary file and the disk as it was',
    async (_point, sent) => {
      const [key = ''] = await app.mock.seed([{ title: 'aborted' }]);
      const before = diskUsage(dataDir, uploadFolders);
      const abandoned = nextEvent(app, (e) => e.videoKey === key && e.previousState === 'uploading');
      const started = nextEvent(app, (e) => e.videoKey === key && e.state === 'uploading');
      const { socket } = openRawConnection(server.port, { idleMs: Infinity });
      socket.write(
        `POST ${paths.upload(key)} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n` +
          `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${whole.length}\r\n\r\n`,
      );
      socket.write(sent);
      await started;
      socket.destroy();
      expect((await abandoned).state).toBe('created');
      expect(listFiles(join(dataDir, 'tmp'))).toEqual([]);
      expect(diskUsage(dataDir, uploadFolders)).toBe(before);
      expect(await stateOf(key)).toBe('created');
    },
  );

  it('through the client with an AbortSignal mid-stream, then a new upload of the same key succeeds', async () => {
    const [key = ''] = await app.mock.seed([{ title: 'client abort' }]);
    const before = diskUsage(dataDir, uploadFolders);
    const client = createVideoApiClient({ baseUrl: server.url, token: TOKEN });
    const controller = new AbortController();
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= FILE.length / 2) {
          controller.abort(new Error('user cancelled'));
          return new Promise(() => {}); // never delivers the rest
        }
        sent += 64 * 1024;
        c.enqueue(new Uint8Array(64 * 1024));
        return undefined;
      },
    });
    const abandoned = nextEvent(app, (e) => e.videoKey === key && e.previousState === 'uploading');
    await expect(
      client.uploadSource(key, { stream, size: FILE.length, name: 'a.mp4' }, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortedError);
    await abandoned;
    expect(listFiles(join(dataDir, 'tmp'))).toEqual([]);
    expect(diskUsage(dataDir, uploadFolders)).toBe(before);

    const result = await client.uploadSource(key, new Blob([new Uint8Array(FILE)]), {
      filename: 'again.mp4',
    });
    expect(result.status).toBe(200);
    expect(diskUsage(dataDir, uploadFolders)).toBe(before + FILE.length);
    expect(await stateOf(key)).not.toBe('created');
  });
});
