/** Runs `video-api-mock` from its sources as a child process, as a user runs it, and collects its output. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sourceArgs } from '@video-api/test-support';

const BIN = sourceArgs(fileURLToPath(new URL('../../src/node/bin.ts', import.meta.url)));

export interface CliRun {
  child: ChildProcess;
  /** The exit code once the process has ended and its output is read. */
  closed: Promise<number | null>;
  /** The base URL, once the whole start-up text is printed (rejects when the process ends first). */
  listening: Promise<string>;
  output: () => { stdout: string; stderr: string };
}

/**
 * Starts the CLI with `args` (and `env` over this process's environment); kill `child` when done.
 *
 * @example
 * const { closed, output } = runCli(['--port', '0', '--readings-from', 'missing.json']);
 * await closed; // 2
 */
export function runCli(args: string[], env: Record<string, string> = {}): CliRun {
  const child = spawn(process.execPath, [...BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      // The start-up text ends with a curl example after "try:".
      const match = /listening on (http:\/\/\S+)[\s\S]*\n {2}try:\n/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${stdout}${stderr}`)));
  });
  listening.catch(() => {}); // awaited only by tests that expect the server to start
  return { child, closed, listening, output: () => ({ stdout, stderr }) };
}
