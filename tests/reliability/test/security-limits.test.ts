import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@video-api/mock-server/node';
import { errorDetail } from '@video-api/schema';
import { rawRequest } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../src/support/files.js';
import { fileForm, paths, TOKEN } from '../src/support/http.js';
import { listenDuringSuite } from './listen-during-suite.js';

// §8 limits are not shown; the mock plays `file-size-limit: rejects-413` and bounds JSON bodies.
// Each request below announces or streams far more than the limit but sends only a part of it
// and waits: the 413 must come while the rest is still unsent.
const MiB = 1024 * 1024;
const dataDir = mkdtempSync(join(tmpdir(), 'reliability-limits-'));
const app = createApp({ dataDir, maxUploadBytes: MiB });
const [key = ''] = await app.mock.seed([{ title: 'limited' }]);
const server = listenDuringSuite(app, () => rmSync(dataDir, { recursive: true, force: true }));

const head = (method: string, path: string, headers: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n${headers}\r\n`;
const chunk = (data: Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
const formStart = Buffer.from(
  '--b\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\n\r\n',
);

const cases: [string, (string | Buffer)[]][] = [
  [
    'a JSON body announced at 50 MiB (1 KiB sent)',
    [
      head('POST', paths.create, `Content-Type: application/json\r\nContent-Length: ${50 * MiB}\r\n`),
      Buffer.alloc(1024, 0x20),
    ],
  ],
  [
    'a chunked JSON body of unknown length (1.5 MiB sent, never ended)',
    [
      head('POST', paths.create, 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n'),
      chunk(Buffer.from(`{"projectKey":"${'x'.repeat(1.5 * MiB)}`)),
    ],
  ],
  [
    'an upload announced at 100 MiB (headers only sent)',
    [
      head(
        'POST',
        paths.upload(key),
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${100 * MiB}\r\n`,
      ),
    ],
  ],
  [
    'a chunked upload of unknown length (2 MiB of file sent, never ended)',
    [
      head(
        'POST',
        paths.upload(key),
        'Content-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n',
      ),
      chunk(formStart),
      ...Array.from({ length: 8 }, () => chunk(Buffer.alloc(MiB / 4, 0x61))),
    ],
  ],
];

describe('oversized bodies', () => {
  it.each(cases)('%s get 413 with a message before the body is read in full', async (_name, chunks) => {
    const reply = await rawRequest(server.port, chunks, { until: 'response', idleMs: 10_000 });
    expect(reply.status).toBe(413);
    expect(errorDetail(JSON.parse(reply.body))).toMatch(/larger than/);
  });

  it('left no partial file and no source behind', async () => {
    expect(listFiles(join(dataDir, 'tmp'))).toEqual([]);
    expect(listFiles(join(dataDir, 'uploads'))).toEqual([]);
    const video = await app.request(paths.get(key), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(((await video.json()) as { status?: string }).status).toBe('created');
  });

  it('still takes an upload within the limit afterwards', async () => {
    const response = await fetch(`${server.url}${paths.upload(key)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: fileForm(new Uint8Array(MiB - 10)),
    });
    expect(response.status).toBe(200);
    await response.text();
    expect(listFiles(join(dataDir, 'uploads'))).toHaveLength(1);
  });
});
