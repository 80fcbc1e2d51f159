/**
 * Where ffmpeg is: the first `ffmpeg` on PATH, else the binary of the optional package
 * `@ffmpeg-installer/ffmpeg` (it ships ffmpeg inside the registry package), else nowhere.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** The optional package that ships an ffmpeg binary. */
export const FFMPEG_PACKAGE = '@ffmpeg-installer/ffmpeg';

/** How to get ffmpeg, in one clause (the CLI's line for `--transcode on` without it). */
export const HOW_TO_GET_FFMPEG = `install it (apt-get install ffmpeg, brew install ffmpeg, winget install ffmpeg) or npm install ${FFMPEG_PACKAGE} beside the mock`;

function executable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `ffmpeg` (or `ffmpeg.exe`) in the folders of `path`. */
export function onPath(path: string | undefined, platform = process.platform): string | undefined {
  const names = platform === 'win32' ? ['ffmpeg.exe', 'ffmpeg'] : ['ffmpeg'];
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const name of names) if (executable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** The binary of the optional package, if it is installed where `from` resolves packages. */
export function fromPackage(from: string = import.meta.url): string | undefined {
  try {
    const { path } = createRequire(from)(FFMPEG_PACKAGE) as { path?: unknown };
    return typeof path === 'string' && executable(path) ? path : undefined;
  } catch {
    return undefined; // not installed (it is an optional peer dependency), or no binary for this platform
  }
}

/**
 * The ffmpeg to run, or undefined when there is none.
 *
 * @example
 * const ffmpeg = findFfmpeg(); // e.g. '/usr/bin/ffmpeg'
 */
export function findFfmpeg(path = process.env.PATH, from?: string): string | undefined {
  return onPath(path) ?? fromPackage(from);
}
