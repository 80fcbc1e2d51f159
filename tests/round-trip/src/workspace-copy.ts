/**
 * A throwaway copy of the workspace to release from: `pnpm release` writes versions and CHANGELOGs,
 * which must not touch the checkout under test. The copy holds the files git knows (tracked, and
 * untracked ones not ignored), and node_modules re-linked as pnpm laid them out: the root's points
 * at the checkout's (the store), each project's links are recreated with the same relative targets,
 * so workspace packages resolve inside the copy. With ROUND_TRIP_FROM=HEAD the files are the last
 * commit's instead of the working tree's (to check what is committed while work is under way).
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Recreates a project's node_modules: its links (same relative targets) and its `.bin`. */
function relink(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const source = join(from, entry);
    const stat = lstatSync(source);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), join(to, entry));
    else if (entry === '.bin') cpSync(source, join(to, entry), { recursive: true, verbatimSymlinks: true });
    else if (entry.startsWith('@') && stat.isDirectory()) relink(source, join(to, entry));
  }
}

/** Copies the workspace into a new temporary folder and returns its path. */
export function copyWorkspace(): string {
  const dest = mkdtempSync(join(tmpdir(), 'video-api-release-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const projects = new Set<string>();
  if (process.env.ROUND_TRIP_FROM === 'HEAD') {
    execFileSync('sh', ['-c', 'git archive --format=tar HEAD | tar -x -C "$1"', 'sh', dest], {
      cwd: REPO_ROOT,
    });
    const committed = execFileSync('git', ['ls-tree', '-r', '-z', '--name-only', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    for (const file of committed.split('\0')) if (file.endsWith('/package.json')) projects.add(dirname(file));
  } else {
    for (const file of listed.split('\0')) {
      if (!file || !existsSync(join(REPO_ROOT, file))) continue;
      mkdirSync(dirname(join(dest, file)), { recursive: true });
      copyFileSync(join(REPO_ROOT, file), join(dest, file));
      if (file.endsWith('/package.json')) projects.add(dirname(file));
    }
  }
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(dest, 'node_modules'));
  for (const project of projects) {
    const modules = join(REPO_ROOT, project, 'node_modules');
    if (existsSync(modules)) relink(modules, join(dest, project, 'node_modules'));
  }
  return dest;
}
