/**
 * Runs a command to completion and returns its output; a failure throws with the command, its exit
 * code and the tail of its output, so a broken step says what broke.
 */
import { spawn } from 'node:child_process';
import { cleanEnv } from './clean-env.js';

export interface ExecOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Milliseconds before the command is killed (default 5 minutes). */
  timeoutMs?: number;
  /** Resolve with the result instead of throwing on a non-zero exit. */
  allowFailure?: boolean;
}

export interface ExecResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const tail = (text: string) => text.split('\n').slice(-40).join('\n');

export function exec(command: string, args: string[], options: ExecOptions): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...cleanEnv(), ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'], // no stdin: nothing to write into a command that exits at once
      detached: true, // a group of its own, so a timeout ends what it started too (npx's command)
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, options.timeoutMs ?? 300_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const result = { code, stdout, stderr };
      if (code === 0 || options.allowFailure) return resolve(result);
      const shown = [command, ...args].join(' ');
      reject(new Error(`${shown} (in ${options.cwd}) exited ${code}\n${tail(stdout)}\n${tail(stderr)}`));
    });
  });
}
