/**
 * ffmpeg under a watchdog: a small POSIX shell between the mock and ffmpeg that holds the mock's
 * end of a pipe. When the mock asks (`stop`), or when the pipe reaches its end because the mock is
 * gone (killed, even with SIGKILL), the shell kills ffmpeg and removes the job's temporary folder,
 * so nothing of a transcode outlives the mock. The shell runs in its own session (`detached`), so a
 * Ctrl-C meant for the mock does not reach ffmpeg: the mock stops it, and knows it did.
 *
 * Protocol on the shell's stdin: `stop` kills ffmpeg; `done` (after the exit line) means the mock
 * has taken what it wanted from the temporary folder, which the shell then removes. The shell
 * writes `exit N` (ffmpeg's exit status) on its stdout. End of input without `done`: the mock is
 * gone, and the folder named as orphan (its temporary upload folder) goes too.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { constants } from 'node:os';
import type { Readable, Writable } from 'node:stream';

const SCRIPT = `
trap '' INT HUP
tmp=$1 orphan=$2
shift 2
exec 3<&0 </dev/null
"$@" >/dev/null &
ff=$!
exec 2>/dev/null
trap '' PIPE
( read -r _ <&3; kill -KILL "$ff" ) &
dog=$!
wait "$ff"
code=$?
kill "$dog"
wait "$dog"
echo "exit $code"
if read -r line <&3 && [ "$line" = done ]; then
  rm -rf "$tmp"
else
  rm -rf "$tmp" \${orphan:+"$orphan"}
fi
`;

/** A running ffmpeg under its watchdog. */
export interface WatchedProcess {
  /** ffmpeg's exit status (128 + n for signal n), once it has ended. */
  readonly exited: Promise<number>;
  /** Resolves when the watchdog is gone and the temporary folder with it. */
  readonly closed: Promise<void>;
  /** ffmpeg's stderr. */
  readonly stderr: Readable;
  /** Kills ffmpeg now (its exit status then follows). */
  stop(): void;
  /** After `exited`: the mock is done with the temporary folder; the watchdog removes it and ends. */
  release(): void;
}

/** What the watchdog removes: the job's temporary folder, and where the mock is gone, `orphan` too. */
export interface WatchOptions {
  temp: string;
  orphan?: string;
}

/**
 * Runs `ffmpeg` with `args` under the watchdog.
 *
 * @example
 * const job = watchFfmpeg('/usr/bin/ffmpeg', ['-i', file, ...], { temp });
 * const status = await job.exited; // then move what ffmpeg made out of `temp`
 * job.release(); await job.closed;
 */
export function watchFfmpeg(ffmpeg: string, args: string[], options: WatchOptions): WatchedProcess {
  if (process.platform === 'win32') return unwatched(ffmpeg, args, options);
  const child: ChildProcessByStdio<Writable, Readable, Readable> = spawn(
    '/bin/sh',
    ['-c', SCRIPT, 'video-api-mock-ffmpeg', options.temp, options.orphan ?? '', ffmpeg, ...args],
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  child.stdin.on('error', () => {}); // the watchdog may be gone already: nothing left to tell it
  let said = '';
  const exited = new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      said += text;
      const match = /exit (\d+)\n/.exec(said);
      if (match) resolve(Number(match[1]));
    });
    child.once('error', reject);
    child.once('close', () => reject(new Error('the ffmpeg watchdog ended without an exit status')));
  });
  exited.catch(() => {});
  const closed = new Promise<void>((resolve) => {
    child.once('error', () => resolve());
    child.once('close', () => resolve());
  });
  return {
    exited,
    closed,
    stderr: child.stderr,
    stop: () => {
      if (child.stdin.writable) child.stdin.write('stop\n');
    },
    release: () => {
      if (child.stdin.writable) child.stdin.end('done\n');
    },
  };
}

/**
 * Where there is no POSIX shell (Windows): ffmpeg as a plain child, stopped and cleaned up by the
 * mock while it lives; a mock killed outright leaves ffmpeg to finish on its own.
 */
function unwatched(ffmpeg: string, args: string[], options: WatchOptions): WatchedProcess {
  const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'], windowsHide: true });
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
  exited.catch(() => {});
  let release = () => {};
  const closed = new Promise<void>((resolve) => {
    release = () => void rm(options.temp, { recursive: true, force: true }).finally(resolve);
  });
  return { exited, closed, stderr: child.stderr, stop: () => child.kill(), release: () => release() };
}
