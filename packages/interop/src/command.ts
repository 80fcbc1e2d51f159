/**
 * Runs a tool's Node entry to completion (no colours, the workspace's npm/pnpm settings left out)
 * and returns its exit code and output; the caller decides what a failure means.
 */
import { execFile } from 'node:child_process';
import { cleanEnv } from '@video-api/test-support';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Milliseconds before the command is killed (default 2 minutes); none of the tools starts children. */
  timeoutMs?: number;
  env?: Record<string, string>;
}

/** `node …args` in `cwd`; resolves with the exit code, whatever it is. */
export function runNode(args: string[], cwd: string, options: RunOptions = {}): Promise<CommandResult> {
  const env = { ...cleanEnv(), NO_COLOR: '1', FORCE_COLOR: '0', ...options.env };
  const settings = { cwd, env, timeout: options.timeoutMs ?? 120_000, maxBuffer: 64 * 1024 * 1024 };
  return new Promise((resolve) => {
    execFile(process.execPath, args, settings, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr: error && code === null ? `${stderr}\n${error.message}` : stderr });
    });
  });
}

/** Like `runNode`, but a non-zero exit throws with the command and the tail of its output. */
export async function mustRunNode(args: string[], cwd: string, options?: RunOptions): Promise<CommandResult> {
  const result = await runNode(args, cwd, options);
  if (result.code === 0) return result;
  const tail = `${result.stdout}\n${result.stderr}`.split('\n').slice(-30).join('\n');
  throw new Error(`node ${args.join(' ')} exited ${result.code}:\n${tail}`);
}
