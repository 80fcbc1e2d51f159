/**
 * A long-running command (a server: the mock's bin, Prism, `npx` running something) in a process
 * group of its own: ready once its output matches `ready` (group 1 is its URL), stopped with
 * SIGTERM to the whole group (npx does not pass a signal on), SIGKILL after 5 s and for anything
 * the leader left behind.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cleanEnv } from './clean-env.js';

export interface ServedProcess {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (for assertion messages). */
  output(): string;
  /** Whether any process of its group is still alive. */
  alive(): boolean;
  /** Stops the group; resolves with the leader's exit code. */
  stop(): Promise<number | null>;
}

export interface ServeOptions {
  cwd: string;
  /** What its output says once it listens; group 1 is the URL. Default: `listening on <url>`. */
  ready?: RegExp;
  env?: Record<string, string | undefined>;
  /** Milliseconds to wait for `ready` (default 60 000). */
  timeoutMs?: number;
}

/**
 * Spawns `command args` and resolves once its output matches `ready`.
 *
 * @example
 * const mock = await serveProcess('npx', ['video-api-mock', '--port', '0'], { cwd: dir });
 * await fetch(`${mock.url}/api/v1/videos/v-1`); await mock.stop();
 */
export function serveProcess(command: string, args: string[], options: ServeOptions): Promise<ServedProcess> {
  const { cwd, ready = /listening on (http:\/\/\S+)/, timeoutMs = 60_000 } = options;
  const child = spawn(command, args, {
    cwd,
    env: { ...cleanEnv(), NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(-(child.pid as number), name);
      return true;
    } catch {
      return false; // the group is gone already
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 5000);
    const code = await exited;
    clearTimeout(timer);
    signal('SIGKILL'); // anything the leader started and left behind
    return code;
  };
  const alive = () => signal(0);
  let output = '';
  const shown = `${command} ${args.join(' ')}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${shown} printed no URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = ready.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, child, output: () => output, alive, stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${shown} exited ${code} before listening:\n${output}`));
    });
  });
}
