import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@video-api/mock-server/node';
import { type Listening, rawRequest, serveApp } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../src/support/files.js';
import { fileForm, paths, TOKEN } from '../src/support/http.js';
import { uploadedFile } from '../src/support/stored-sources.js';

// A key shaped like a path must never name a file outside the data folder (§4.2 stores the
// upload under the key). The data folder sits two levels inside a sandbox, so a key that climbs
// out of it would leave a file in the sandbox, where nothing else is allowed.
const sandbox = mkdtempSync(join(tmpdir(), 'reliability-paths-'));
const dataDir = join(sandbox, 'inner', 'data');
mkdirSync(dataDir, { recursive: true });
const app = createApp({ dataDir });
let server: Listening;

const hostileKeys = [
  '../escape',
  '../../escape',
  '../../../../../../tmp/escape',
  '..\\..\\escape',
  '/etc/passwd',
  'uploads/../../escape',
  '%2e%2e%2fescape',
  '..%2F..%2Fescape',
  '%252e%252e%252fescape',
  'a\u0000b',
  '....//....//escape',
  '\u2025/escape',
];

beforeAll(async () => {
  await app.mock.seed(hostileKeys.map((key) => ({ key, title: `hostile ${key}` })));
  server = await serveApp(app);
});
afterAll(async () => {
  await server.close();
  await app.mock.close();
  rmSync(sandbox, { recursive: true, force: true });
});

describe('keys shaped like paths', () => {
  it.each(hostileKeys)('%j uploads into the data folder under a hashed name and reads back', async (key) => {
    const content = `content of ${key}`;
    const response = await fetch(`${server.url}${paths.upload(key)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: fileForm(content),
    });
    expect(response.status).toBe(200);
    const video = (await response.json()) as { videoKey: string };
    expect(video.videoKey).toBe(key);
    expect(readFileSync(uploadedFile(dataDir, key), 'utf8')).toBe(content);
  });

  it.each(['.', '..', '%2e', '%2E%2E'])(
    '%j cannot be addressed (URLs resolve dot segments): 404, nothing stored',
    async (key) => {
      await app.mock.seed([{ key, title: 'dot' }]);
      const response = await fetch(`${server.url}/api/upload/v1/form-data/videos/${key}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}` },
        body: fileForm('dot'),
      });
      expect(response.status).toBe(404);
      await response.text();
    },
  );

  it.each([
    '/api/upload/v1/form-data/videos/../../../../escape',
    '/api/upload/v1/form-data/videos/..%2f..%2f..%2fescape',
    '/api/upload/v1/form-data/videos/%2e%2e/%2e%2e/escape',
    '/api/upload/v1/form-data/videos/..%5c..%5cescape',
    '/api/upload/v1/form-data/videos/a%00b',
  ])('a raw request line %s never writes outside the data folder', async (path) => {
    const body = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="../../x"\r\n\r\nraw\r\n--b--\r\n',
    );
    const reply = await rawRequest(server.port, [
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    ]);
    expect(reply.status).toBeLessThan(500);
  });

  it('left no file anywhere but the data folder, and only hashed names in its uploads', () => {
    expect(readdirSync(sandbox)).toEqual(['inner']);
    expect(readdirSync(join(sandbox, 'inner'))).toEqual(['data']);
    const uploads = listFiles(dataDir).filter((path) => path.startsWith('uploads/'));
    expect(uploads).toHaveLength(hostileKeys.length);
    for (const path of uploads) expect(path).toMatch(/^uploads\/[0-9a-f]{64}\.[0-9a-f-]{36}$/);
    expect(listFiles(join(dataDir, 'tmp'))).toEqual([]);
  });
});
