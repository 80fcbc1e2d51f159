/**
 * Runs a tool's Node entry to completion (no colours, the workspace's npm/pnpm settings left out),
 * through test-support's `exec`: `runNode` returns whatever exit code it has, `mustRunNode` throws
 * with the command and the tail of its output on a non-zero exit.
 */
import { type ExecResult, exec } from '@video-api/test-support';

export type CommandResult = ExecResult;

export interface RunOptions {
  /** Milliseconds before the command is killed (default 2 minutes). */
  timeoutMs?: number;
  env?: Record<string, string>;
}

const settings = (cwd: string, options: RunOptions) => ({
  cwd,
  env: { NO_COLOR: '1', FORCE_COLOR: '0', ...options.env },
  timeoutMs: options.timeoutMs ?? 120_000,
});

/** `node …args` in `cwd`; resolves with the exit code, whatever it is. */
export const runNode = (args: string[], cwd: string, options: RunOptions = {}): Promise<CommandResult> =>
  exec(process.execPath, args, { ...settings(cwd, options), allowFailure: true });

/** Like `runNode`, but a non-zero exit throws with the command and the tail of its output. */
export const mustRunNode = (args: string[], cwd: string, options: RunOptions = {}): Promise<CommandResult> =>
  exec(process.execPath, args, settings(cwd, options));
