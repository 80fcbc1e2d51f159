/**
 * A long-running command of the consumer (the mock's bin, or `npx` running it): started in a
 * process group of its own, its URL read from what it prints, stopped with SIGTERM to the whole
 * group (npx does not pass a signal on to the command it runs), SIGKILL after 5 s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cleanEnv } from '@video-api/test-support';

export interface Served {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/** Spawns `command args` in `cwd` and resolves once its output matches `listening on <url>`. */
export function serve(command: string, args: string[], cwd: string, timeoutMs = 60_000): Promise<Served> {
  const child = spawn(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: cleanEnv(),
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // the group is gone already
    }
  };
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 5000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} ${args.join(' ')} printed no URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], child, output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited ${code} before listening:\n${output}`));
    });
  });
}
