/**
 * The batched log output: one write for the lines of a short while (BATCH_MS), partial writes and
 * a full pipe (EAGAIN) lose nothing, flush writes everything; the CLI's lines all reach a file after SIGTERM
 * and all reach a reader that reads slowly.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceArgs } from '@video-api/test-support';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BATCH_MS, lineOutput } from '../../src/node/log-writer.js';

const BIN = sourceArgs(fileURLToPath(new URL('../../src/node/bin.ts', import.meta.url)));
const turn = () => new Promise((resolve) => setImmediate(resolve));
/** What a fake write was given, as bytes (the output writes its text as it is, the rest of a partial write as bytes). */
const bytesOf = (given: string | Buffer): Buffer => (typeof given === 'string' ? Buffer.from(given) : given);
const again = () => Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });

describe('lineOutput', () => {
  it('writes the lines of a short while in one write, after it', () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const output = lineOutput(9, ((_fd: number, given: string | Buffer) => {
        writes.push(bytesOf(given).toString());
        return bytesOf(given).length;
      }) as never);
      output('a');
      vi.advanceTimersByTime(BATCH_MS - 1);
      output('b');
      expect(writes).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(writes).toEqual(['a\nb\n']);
      output('c');
      output.flush(); // at once (an error line, the exit)
      expect(writes).toEqual(['a\nb\n', 'c\n']);
      vi.advanceTimersByTime(BATCH_MS);
      expect(writes).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes at once past 64 KiB kept', () => {
    vi.useFakeTimers();
    try {
      const sizes: number[] = [];
      const output = lineOutput(9, ((_fd: number, given: string | Buffer) => {
        sizes.push(bytesOf(given).length);
        return bytesOf(given).length;
      }) as never);
      const line = 'x'.repeat(1023);
      for (let n = 0; n < 64; n++) output(line);
      expect(sizes).toEqual([64 * 1024]);
    } finally {
      vi.useRealTimers();
    }
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
          const output = lineOutput(9, ((_fd: number, given: string | Buffer) => {
            const step = pattern[call++ % pattern.length];
            if (step === 'again') throw again();
            const bytes = bytesOf(given);
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

describe('lineOutput behind a full pipe', () => {
  it('encodes each line once, however often the pipe is retried', () => {
    vi.useFakeTimers();
    try {
      let full = true;
      let textGiven = 0;
      let bytesWritten = 0;
      const output = lineOutput(9, ((_fd: number, given: string | Buffer) => {
        if (typeof given === 'string') textGiven += given.length;
        if (full) throw again();
        bytesWritten += bytesOf(given).length;
        return bytesOf(given).length;
      }) as never);
      const line = 'x'.repeat(499);
      for (let tick = 0; tick < 200; tick++) {
        for (let n = 0; n < 50; n++) output(line);
        vi.advanceTimersByTime(BATCH_MS);
      }
      full = false;
      output.flush();
      expect(bytesWritten).toBe(200 * 50 * 500);
      // each line given as text at most twice (its batch's first try, then the rest once as bytes),
      // not once per retry (200 retries of all that was kept: 2,500 times the lines' size)
      expect(textGiven).toBeLessThanOrEqual(2 * 200 * 50 * 500);
    } finally {
      vi.useRealTimers();
    }
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
