/**
 * A small filesystem of its own (a tmpfs mounted for one test), to fill on purpose: a full disk
 * without filling the machine's. Mounting needs root on Linux (CI runs as root); elsewhere
 * `mountTmpfs` throws, saying why (`tmpfsUnavailable`), so a test that needs it fails and says so.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Why a tmpfs cannot be mounted here, or undefined when it can (the process is root on Linux). */
export function tmpfsUnavailable(): string | undefined {
  if (process.platform !== 'linux') return `mounting a tmpfs needs Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0)
    return `mounting a tmpfs needs root (uid ${process.getuid?.()}); CI runs as root`;
  return undefined;
}

export interface Tmpfs {
  /** The mount point. */
  dir: string;
  /** Writes a file that takes all the space left (until ENOSPC); returns its path and size. */
  fill(name?: string): { path: string; bytes: number };
  /** Unmounts and removes the mount point (call in a `finally`). */
  unmount(): void;
}

/**
 * Mounts a tmpfs of `sizeBytes` on a new temporary folder.
 *
 * @example
 * const disk = mountTmpfs(4 * 1024 * 1024);
 * try { disk.fill(); … } finally { disk.unmount(); }
 */
export function mountTmpfs(sizeBytes: number): Tmpfs {
  const unavailable = tmpfsUnavailable();
  if (unavailable !== undefined)
    throw new Error(`This test needs a full disk of its own and cannot mount one: ${unavailable}.`);
  const dir = mkdtempSync(join(tmpdir(), 'video-api-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    dir,
    fill(name = 'filler') {
      const path = join(dir, name);
      const fd = openSync(path, 'w');
      const chunk = Buffer.alloc(64 * 1024, 0x2e);
      let bytes = 0;
      try {
        for (let size = chunk.length; size >= 1; ) {
          try {
            bytes += writeSync(fd, chunk, 0, size);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
            size = Math.floor(size / 2); // the last blocks: smaller writes until not one byte fits
          }
        }
      } finally {
        closeSync(fd);
      }
      return { path, bytes };
    },
    unmount() {
      execFileSync('umount', [dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
