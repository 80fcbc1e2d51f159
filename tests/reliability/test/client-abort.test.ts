import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sourceArgs } from '@video-api/test-support';
import { describe, expect, it } from 'vitest';

// An aborted call must leave nothing that keeps the process alive: no attempt timeout, no upload
// timeout, no Retry-After wait. The child aborts four calls, closes its server and must then exit
// on its own; the parent gives it far less time than any of those timers would hold it.
const CHILD = fileURLToPath(new URL('./fixtures/abort-then-exit.ts', import.meta.url));
const LIMIT_MS = 25_000;

function runChild(): Promise<{
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, sourceArgs(CHILD), {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

describe('a client whose calls are aborted', () => {
  it('throws AbortedError for get, create, upload and a Retry-After wait, and lets the process exit by itself', async () => {
    const { code, signal, stdout, stderr } = await runChild();
    expect(signal, `the child had to be killed; stderr: ${stderr}`).toBeNull();
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      get: 'AbortedError',
      create: 'AbortedError',
      upload: 'AbortedError',
      retryWait: 'AbortedError',
    });
  }, 40_000);
});
