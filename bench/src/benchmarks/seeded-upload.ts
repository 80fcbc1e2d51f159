/**
 * Uploads of seeded bytes for the concurrent-uploads benchmark: each file is the AES-128-CTR
 * keystream of a key derived from (seed, index), generated 1 MiB at a time as it is sent (never
 * held whole), wrapped in a one-part multipart body of exact length and sent with node:http. The
 * SHA-256 of the bytes sent is computed on the way; files on disk are hashed the same way after.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { createReadStream, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MiB } from '../lib/test-file.js';
import { AUTH } from '../servers/start.js';

const UPLOAD_PATH = '/api/upload/v1/form-data/videos/';
const BOUNDARY = 'video-api-bench-boundary-7d1f';

/**
 * The bytes of file `index` of `seed`, `bytes` long, as a stream of 1 MiB chunks; `onChunk` sees
 * each chunk (to hash it).
 *
 * @example
 * seededBytes('s', 0, 3 * MiB); // the same 3 MiB on every machine
 */
async function* seededBytes(
  seed: string,
  index: number,
  bytes: number,
  onChunk: (chunk: Buffer) => void = () => {},
): AsyncGenerator<Buffer> {
  const key = createHash('sha256').update(`${seed}:${index}`).digest().subarray(0, 16);
  const cipher = createCipheriv('aes-128-ctr', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(MiB);
  for (let sent = 0; sent < bytes; sent += MiB) {
    const chunk = cipher.update(zeros.subarray(0, Math.min(MiB, bytes - sent)));
    onChunk(chunk);
    yield chunk;
  }
}

/**
 * Uploads file `index` of `seed` (`bytes` long) to `key` on the mock at `base`; resolves the status
 * and the SHA-256 (hex) of the file's bytes sent.
 */
export async function uploadSeeded(
  base: string,
  key: string,
  seed: string,
  index: number,
  bytes: number,
): Promise<{ status: number; sha256: string; body: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clip-${index}.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const hash = createHash('sha256');
  const req = request(`${base}${UPLOAD_PATH}${encodeURIComponent(key)}`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: AUTH,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': head.length + bytes + tail.length,
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        if (body.length < 2000) body += text;
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.once('error', reject);
    });
    req.once('error', reject);
  });
  async function* body() {
    yield head;
    yield* seededBytes(seed, index, bytes, (chunk) => hash.update(chunk));
    yield tail;
  }
  await pipeline(Readable.from(body()), req);
  const { status, body: text } = await answered;
  return { status, sha256: hash.digest('hex'), body: text };
}

/** The SHA-256 (hex) of every regular file of exactly `bytes` under `folder` (recursively). */
export async function hashFilesOfSize(folder: string, bytes: number): Promise<string[]> {
  const digests: string[] = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || statSync(path).size !== bytes) continue;
    const hash = createHash('sha256');
    await pipeline(createReadStream(path), hash);
    digests.push(hash.digest('hex'));
  }
  return digests;
}
