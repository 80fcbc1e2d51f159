/**
 * Uploads over a real socket (§4.2): streaming to disk, 413 early and while streaming, and a
 * client that aborts mid-upload leaves nothing stored and no temporary file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/node/server/server.js';
import type { MockOptions } from '../../src/types.js';

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: MockOptions = {}) {
  const server = await startServer({ port: 0, realTimeClock: false, ...options });
  servers.push(server);
  const res = await fetch(`${server.url}/api/v1/videos`, {
    method: 'POST',
    headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' },
    body: JSON.stringify({ projectKey: 'p', videos: [{ title: 'clip' }] }),
  });
  const [video] = (await res.json()) as { key: string }[];
  return {
    server,
    key: video?.key ?? '',
    uploadUrl: `${server.url}/api/upload/v1/form-data/videos/${video?.key}`,
  };
}

function tempFiles(server: RunningServer): string[] {
  return readdirSync(server.app.mock.paths().temp);
}

const BOUNDARY = 'mock-test-boundary';
const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
const tail = `\r\n--${BOUNDARY}--\r\n`;

/** Sends a multipart request by hand; `bytes` of body after the part head; optionally aborts. */
function rawUpload(
  url: string,
  options: { bytes: number; contentLength?: number; abortAfter?: number },
): Promise<{ status: number; body: string } | 'aborted'> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: 'Bearer mock-token',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(options.contentLength !== undefined && { 'content-length': options.contentLength }),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (error) => (options.abortAfter !== undefined ? resolve('aborted') : reject(error)));
    req.write(head);
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    const pump = () => {
      while (sent < options.bytes) {
        if (options.abortAfter !== undefined && sent >= options.abortAfter) {
          setTimeout(() => {
            req.destroy();
            resolve('aborted');
          }, 50);
          return;
        }
        const piece = chunk.subarray(0, Math.min(chunk.length, options.bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}

describe('uploads over a socket (§4.2)', () => {
  it('streams the file to disk and stores exactly its bytes', async () => {
    const { server, uploadUrl, key } = await serve();
    const bytes = new Uint8Array(3 * 1024 * 1024).map((_, i) => i % 251);
    const form = new FormData();
    form.set('file', new Blob([bytes]), 'clip.mp4');
    const res = await fetch(uploadUrl, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-token' },
      body: form,
    });
    expect(res.status).toBe(200);
    const stored = await server.app.mock.sourceOf(key);
    expect(stored?.size).toBe(bytes.length);
    expect(Buffer.compare(readFileSync(stored?.file ?? ''), Buffer.from(bytes))).toBe(0);
    expect(tempFiles(server)).toEqual([]);
  });

  it('answers 413 from Content-Length before reading the body', async () => {
    const { server, uploadUrl, key } = await serve({ maxUploadBytes: 1024 });
    const result = await rawUpload(uploadUrl, { bytes: 10, contentLength: 10 * 1024 * 1024 });
    expect(result).not.toBe('aborted');
    expect(result !== 'aborted' && result.status).toBe(413);
    expect(await server.app.mock.sourceOf(key)).toBeUndefined();
  });

  it('answers 413 while streaming a body without Content-Length and keeps no temporary file', async () => {
    const { server, uploadUrl, key } = await serve({ maxUploadBytes: 100 * 1024 });
    const result = await rawUpload(uploadUrl, { bytes: 2 * 1024 * 1024 });
    expect(result !== 'aborted' && result.status).toBe(413);
    expect(result !== 'aborted' && result.body).toContain('102400');
    expect(await server.app.mock.sourceOf(key)).toBeUndefined();
    expect(tempFiles(server)).toEqual([]);
  });

  it('stores nothing and leaves no temporary file when the client aborts mid-upload', async () => {
    const { server, uploadUrl, key } = await serve();
    const result = await rawUpload(uploadUrl, { bytes: 8 * 1024 * 1024, abortAfter: 1024 * 1024 });
    expect(result).toBe('aborted');
    await server.app.mock.uploadsSettled();
    expect(await server.app.mock.sourceOf(key)).toBeUndefined();
    expect(tempFiles(server)).toEqual([]);
    const after = await fetch(`${server.url}/api/v1/videos/${key}`, {
      headers: { authorization: 'Bearer mock-token' },
    });
    expect(((await after.json()) as { status: string }).status).toBe('created');
  });
});

// §4.2 shows only the field `file`: what the Node server (busboy, or the portable reader under
// lenient) does with the parts beside it, per `upload-form-parts`.
describe('parts beside file over a socket (upload-form-parts)', () => {
  const part = (params: string, content: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; ${params}\r\n\r\n${content}\r\n`;
  const file = part('name="file"; filename="clip.mp4"', 'video bytes');
  /** A field whose name holds control characters, as a generative tester sends it. */
  const control = part('name="\x01\x02x"', 'v');
  const note = part('name="note"', 'a note');

  async function send(reading: string, parts: string[]) {
    const { uploadUrl } = await serve({ readings: { 'upload-form-parts': reading } });
    const res = await fetch(uploadUrl, {
      method: 'POST',
      headers: {
        authorization: 'Bearer mock-token',
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: `${parts.join('')}--${BOUNDARY}--\r\n`,
    });
    return { status: res.status, body: await res.text() };
  }

  it.each([
    ['extra-parts-ignored', [note, file], 200],
    ['extra-parts-ignored', [control, file], 400],
    ['lenient', [control, file, control], 200],
    ['lenient', [note, file], 200],
    ['file-only', [file], 200],
    ['file-only', [file, note], 400],
  ])('%s: %#', async (reading, parts, status) => {
    const answer = await send(reading, parts);
    expect(answer.status, answer.body).toBe(status);
    if (reading === 'extra-parts-ignored' && status === 400)
      expect(answer.body).toContain('Malformed part header');
  });
});
