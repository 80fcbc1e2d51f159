/**
 * A machine without ffmpeg, for one process: a PATH of one temporary folder that holds a link to
 * the Node binary and nothing else, so neither `ffmpeg` nor any other tool of the machine is found
 * (the project must not have `@ffmpeg-installer/ffmpeg` installed either).
 */
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BarePath {
  /** The value for PATH. */
  path: string;
  /** What the folder holds (`['node']`). */
  programs(): string[];
  remove(): void;
}

/**
 * A PATH with only `node` (a link to `node`) on it.
 *
 * @example
 * const bare = pathWithOnlyNode(process.execPath);
 * await serveProcess(process.execPath, [bin], { cwd, env: { PATH: bare.path } });
 * bare.remove();
 */
export function pathWithOnlyNode(node: string): BarePath {
  const dir = mkdtempSync(join(tmpdir(), 'video-api-no-ffmpeg-'));
  symlinkSync(node, join(dir, 'node'));
  return {
    path: dir,
    programs: () => readdirSync(dir),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
