/**
 * Runs the mock's CLI (`video-api-mock`) as a separate process on 127.0.0.1 and an ephemeral port:
 * needed where the test must kill the server (SIGKILL) or read its memory from outside (soak).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sourceArgs } from '@video-api/test-support';

/** The Node arguments that run the mock's CLI from its sources (no build needed). */
const MOCK_COMMAND = sourceArgs(
  fileURLToPath(new URL('../../node_modules/@video-api/mock-server/src/node/bin.ts', import.meta.url)),
);

export interface MockProcess {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  pid: number;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (no cleanup in the server), then waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Spawns the CLI with `args` (`--port 0 --host 127.0.0.1 --log-level error --transcode off` are
 * added: the tests upload stand-in bytes, which ffmpeg would fail) and resolves once it prints the
 * address it listens on.
 *
 * @example
 * const mock = await startMockProcess(['--data-dir', dir]);
 * await fetch(`${mock.url}/api/v1/videos/v-0001`, { headers: { authorization: 'Bearer mock-token' } });
 * await mock.stop();
 */
export function startMockProcess(args: string[] = [], timeoutMs = 30_000): Promise<MockProcess> {
  const child = spawn(
    process.execPath,
    [
      ...MOCK_COMMAND,
      '--port',
      '0',
      '--host',
      '127.0.0.1',
      '--log-level',
      'error',
      '--transcode',
      'off',
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      void end('SIGKILL');
      reject(new Error(`the mock did not start within ${timeoutMs} ms; stderr: ${err}`));
    }, timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString('utf8')).slice(-4000);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (!match?.[1] || child.pid === undefined) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      resolve({
        url: match[1],
        pid: child.pid,
        child,
        exited,
        stop: () => end('SIGTERM'),
        kill: () => end('SIGKILL'),
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the mock exited (${code}) before listening; stderr: ${err}`));
    });
  });
}
