/**
 * A long-running server (Prism, the mock's CLI) in a process group of its own: ready once its
 * output names the URL it listens on, stopped with SIGTERM to the whole group (SIGKILL after 5 s).
 */
import { spawn } from 'node:child_process';
import { cleanEnv } from '@video-api/test-support';
import { PACKAGE_DIR } from './resolved.js';

export interface ServerProcess {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Everything it printed so far (for assertion messages). */
  output(): string;
  /** Whether any process of its group is still alive. */
  alive(): boolean;
  stop(): Promise<void>;
}

/** Spawns `node args` and resolves once `ready` matches its output (group 1 is the URL). */
export function startServer(args: string[], ready: RegExp, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: PACKAGE_DIR, // `--import tsx` is resolved from here
    env: { ...cleanEnv(), NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // the group is gone already
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    signal('SIGKILL'); // anything the leader started and left behind
  };
  const alive = () => {
    try {
      process.kill(-(child.pid as number), 0);
      return true;
    } catch {
      return false;
    }
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`node ${args.join(' ')} printed no URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = ready.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, output: () => output, alive, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`node ${args.join(' ')} exited ${child.exitCode} before listening:\n${output}`));
    });
  });
}
