/**
 * The batched log output: one write per turn of the event loop, partial writes and a full pipe
 * (EAGAIN) lose nothing, flush writes everything; the CLI's lines all reach a file after SIGTERM
 * and all reach a reader that reads slowly.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceArgs } from '@video-api/test-support';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { lineOutput } from '../../src/node/log-writer.js';

const BIN = sourceArgs(fileURLToPath(new URL('../../src/node/bin.ts', import.meta.url)));
const turn = () => new Promise((resolve) => setImmediate(resolve));
const again = () => Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });

describe('lineOutput', () => {
  it('writes the lines of one turn in one write, after it', async () => {
    const writes: string[] = [];
    const output = lineOutput(9, ((_fd: number, bytes: Buffer) => {
      writes.push(bytes.toString());
      return bytes.length;
    }) as never);
    output('a');
    output('b');
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toEqual(['a\nb\n']);
  });

  it('loses nothing to partial writes and a full pipe, whatever their pattern', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { minLength: 1, maxLength: 30 }),
        // A pattern of answers, repeated: a full pipe or a number of bytes taken; it takes some in the end.
        fc.array(fc.oneof(fc.constant('again' as const), fc.integer({ min: 1, max: 50 })), {
          maxLength: 20,
        }),
        fc.integer({ min: 1, max: 50 }),
        async (lines, answers, last) => {
          const pattern = [...answers, last];
          const received: Buffer[] = [];
          let call = 0;
          const output = lineOutput(9, ((_fd: number, bytes: Buffer) => {
            const step = pattern[call++ % pattern.length];
            if (step === 'again') throw again();
            const taken = bytes.subarray(0, Math.min(bytes.length, step as number));
            received.push(taken);
            return taken.length;
          }) as never);
          for (const line of lines) output(line);
          await turn();
          output.flush();
          expect(Buffer.concat(received).toString()).toBe(lines.map((line) => `${line}\n`).join(''));
        },
      ),
      { numRuns: 50 },
    );
  });
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI with its defaults, stderr to `stderr`; resolves with its URL and the child. */
async function startCli(stderr: number | 'pipe') {
  const child = spawn(process.execPath, [...BIN, '--port', '0', '--transcode', 'off'], {
    stdio: ['ignore', 'pipe', stderr],
  });
  let stdout = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stdout}`)));
  });
  // 'close': exited and its output read to the end.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return { child, url, exited };
}

async function getMany(url: string, count: number, parallel = 20): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const answer = await fetch(`${url}/api/v1/videos/v-${n}`, {
        headers: { authorization: 'Bearer mock-token' },
      });
      await answer.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

const requestPaths = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; path: string })
    .filter((entry) => entry.msg === 'request')
    .map((entry) => entry.path);

describe('the CLI with its defaults (log level info, JSON lines to stderr)', () => {
  it('has written every request line to its file when SIGTERM ends it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-log-'));
    dirs.push(dir);
    const file = join(dir, 'stderr.log');
    const { child, url, exited } = await startCli(openSync(file, 'w'));
    await getMany(url, 500);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const paths = requestPaths(readFileSync(file, 'utf8'));
    expect(new Set(paths)).toEqual(new Set(Array.from({ length: 500 }, (_, n) => `/api/v1/videos/v-${n}`)));
  }, 60_000);

  it('loses no line to a reader slower than the lines, and keeps answering meanwhile', async () => {
    const { child, url, exited } = await startCli('pipe');
    child.stderr?.pause(); // nobody reads: the pipe fills (64 KiB), the mock must keep the rest
    const count = 3000; // about 1.3 MiB of lines
    await getMany(url, count);
    let text = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.stderr?.resume();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(requestPaths(text)).toHaveLength(count);
  }, 120_000);
});
