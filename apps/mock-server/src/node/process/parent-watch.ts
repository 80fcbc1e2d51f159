/**
 * Notices that the process which started the mock is gone. `npx` passes no signal on: SIGTERM to
 * it ends npm and the shell npm runs the command in, and the mock, reparented, would hold its port
 * forever. Its parent's pid changes then; where the parent is a `sh -c` wrapper (npm's), the
 * wrapper's own parent is watched too, since a wrapper outlives an npm killed with SIGKILL.
 */
import { readFileSync } from 'node:fs';
import { procStat } from './process-identity.js';

/** How often the parent is looked at (ms): a getppid() and, under a wrapper, one small /proc read. */
export const PARENT_POLL_MS = 1000;

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'ksh', 'mksh', 'busybox']);

/** Whether `pid` is a non-interactive shell running a command line (`sh -c …`); Linux only. */
function isShellWrapper(pid: number): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const name = (argv[0] ?? '').split('/').pop() ?? '';
    return SHELLS.has(name) && argv.includes('-c');
  } catch {
    return false;
  }
}

/** What the mock watches: its parent, and the parent of that one when it is a shell wrapper. */
export interface Lineage {
  parent: number;
  grandparent?: number;
}

/** This process's lineage as it is now. */
export function currentLineage(): Lineage {
  const parent = process.ppid;
  const grandparent = isShellWrapper(parent) ? procStat(parent)?.ppid : undefined;
  return { parent, ...(grandparent !== undefined && { grandparent }) };
}

/** The pid of the process of `lineage` that is gone, or undefined while both are there. */
export function goneFrom(lineage: Lineage): number | undefined {
  if (process.ppid !== lineage.parent) return lineage.parent;
  if (lineage.grandparent === undefined) return undefined;
  const now = procStat(lineage.parent)?.ppid;
  return now === undefined || now === lineage.grandparent ? undefined : lineage.grandparent;
}

/**
 * Calls `onGone` once with the pid of the process that went, when the mock's parent (or the
 * parent of its `sh -c` wrapper) exits. The timer is unref'd: it never keeps the process alive.
 * Returns the function that stops watching.
 *
 * @example
 * const stop = watchParent((pid) => server.close().then(() => process.exit(0)));
 */
export function watchParent(onGone: (pid: number) => void, intervalMs = PARENT_POLL_MS): () => void {
  const lineage = currentLineage();
  const timer = setInterval(() => {
    const gone = goneFrom(lineage);
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(gone);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
