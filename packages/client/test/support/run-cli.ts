/** Runs the `video-api` CLI in-process (`run`) and keeps what it prints: exit code, stdout, stderr. */
import { type CliIo, run } from '../../src/cli/main.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `tty`: whether stderr is a terminal (progress bars redrawn in place); default false. */
export async function runCli(
  args: string[],
  io: Pick<CliIo, 'env' | 'version' | 'fetch'> & { tty?: boolean | undefined },
): Promise<CliRun> {
  const { tty = false, ...rest } = io;
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    ...rest,
    stdout: (text) => {
      stdout += text;
    },
    stderr: {
      write: (text) => {
        stderr += text;
      },
      isTTY: tty,
    },
  });
  return { code, stdout, stderr };
}
