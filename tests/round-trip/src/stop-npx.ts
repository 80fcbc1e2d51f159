/**
 * The proof that `npx video-api-mock` stops when `npx` is told to: a signal to the npx process alone
 * (npx passes none on to the mock), then every process of its group gone and no `video-api-mock-*`
 * folder left in the TMPDIR the mock was given. Linux: the group is read from /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { ServedProcess } from '@video-api/test-support';

/** The name every temporary folder of the mock starts with. */
const TEMP_PREFIX = 'video-api-mock-';

export interface NpxStop {
  /** Milliseconds from the signal until no process of npx's group was left (or the timeout). */
  ms: number;
  /** `"<pid> <command line>"` of what still ran at the timeout (empty when all stopped). */
  left: string[];
  /** The mock's temporary folders in `tempDir` before the signal and after the group was gone. */
  foldersBefore: string[];
  foldersAfter: string[];
}

/** Live (not zombie) processes whose process group is `pgid`, as `"<pid> <command line>"`. */
function groupMembers(pgid: number): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) !== pgid || state === 'Z') continue;
      found.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()}`);
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const mockFolders = (dir: string) => readdirSync(dir).filter((name) => name.startsWith(TEMP_PREFIX));

/**
 * Sends `signal` to the npx process of `npx` (started by `serveProcess`, so in a group of its own)
 * and waits up to `timeoutMs` for its whole group to end. Call `npx.stop()` afterwards anyway: it
 * ends whatever is left.
 *
 * @example
 * const tmp = mkdtempSync(join(tmpdir(), 'npx-stop-'));
 * const npx = await serveProcess('npx', ['video-api-mock', '--port', '0'], { cwd, env: { TMPDIR: tmp } });
 * // … upload a file, so that the mock's folder exists …
 * const stopped = await stopNpx(npx, tmp);
 * expect(stopped.foldersBefore).toHaveLength(1);
 * expect(stopped.left).toEqual([]);
 * expect(stopped.foldersAfter).toEqual([]);
 */
export async function stopNpx(
  npx: ServedProcess,
  tempDir: string,
  { signal = 'SIGTERM', timeoutMs = 10_000 }: { signal?: NodeJS.Signals; timeoutMs?: number } = {},
): Promise<NpxStop> {
  const pgid = npx.child.pid as number;
  const foldersBefore = mockFolders(tempDir);
  const started = Date.now();
  process.kill(pgid, signal); // npx alone, not its group
  let left = groupMembers(pgid);
  while (left.length > 0 && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = groupMembers(pgid);
  }
  return { ms: Date.now() - started, left, foldersBefore, foldersAfter: mockFolders(tempDir) };
}
