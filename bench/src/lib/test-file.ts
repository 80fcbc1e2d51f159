/** Test files for uploads, written by a streaming generator: never more than one chunk in memory. */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const MiB = 1024 ** 2;

/**
 * Writes `bytes` of incompressible data to `path`, 1 MiB at a time (one random chunk, each copy
 * stamped with its index so no two chunks are equal).
 *
 * @example
 * await writeTestFile('bench/results/tmp/100MiB.bin', 100 * MiB);
 */
export async function writeTestFile(path: string, bytes: number): Promise<string> {
  mkdirSync(path.replace(/\/[^/]*$/, ''), { recursive: true });
  const chunk = randomBytes(MiB);
  async function* chunks() {
    for (let offset = 0, index = 0; offset < bytes; offset += MiB, index++) {
      const size = Math.min(MiB, bytes - offset);
      const copy = Buffer.from(chunk.subarray(0, size));
      copy.writeUInt32BE(index, 0);
      yield copy;
    }
  }
  await pipeline(Readable.from(chunks()), createWriteStream(path));
  return path;
}
