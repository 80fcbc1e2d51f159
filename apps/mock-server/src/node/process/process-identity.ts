/**
 * Who owns a lock or a temporary folder, and whether that owner still runs: a process id, its start
 * time (so a reused pid is not taken for the owner) and the host name (a folder shared with another
 * machine or container is never judged). The owner file is one JSON line.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface ProcessIdentity {
  pid: number;
  /** Start time in clock ticks after boot (Linux `/proc/<pid>/stat`); absent where unknown. */
  start?: number;
  /** Host name of the machine (or container) the process runs on; absent in old lock files. */
  host?: string;
}

/** What Linux says of a process in `/proc/<pid>/stat`. */
export interface ProcStat {
  /** Field 3: `R`, `S`, … `Z` for a zombie. */
  state: string;
  /** Field 4: the parent's pid. */
  ppid: number;
  /** Field 22: start time in clock ticks after boot. */
  start: number;
}

/** `/proc/<pid>/stat` of `pid`, or undefined where there is no such process or no /proc. */
export function procStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const start = Number(fields[19]);
    if (!Number.isSafeInteger(ppid) || !Number.isSafeInteger(start)) return undefined;
    return { state: fields[0] ?? '', ppid, start };
  } catch {
    return undefined;
  }
}

/** This process, as an owner file names it. */
export function currentProcess(): ProcessIdentity {
  const start = procStat(process.pid)?.start;
  return { pid: process.pid, ...(start !== undefined && { start }), host: hostname() };
}

/**
 * Whether `owner` may still run. False only when that is certain: no process has its pid, or the
 * one that has it started at another time (the pid was reused), or it is a zombie. An owner of
 * another host is taken as alive unless `judgeOtherHosts` (a data dir's lock: a container that
 * crashed comes back under another host name, and the lock must not hold its folder forever).
 *
 * @example
 * isAlive(currentProcess()); // true
 */
export function isAlive(owner: ProcessIdentity, { judgeOtherHosts = false } = {}): boolean {
  if (!judgeOtherHosts && owner.host !== undefined && owner.host !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: a process of another user has this pid; its start time below still tells.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const stat = procStat(owner.pid);
  if (stat === undefined) return true;
  if (stat.state === 'Z') return false;
  return owner.start === undefined || stat.start === owner.start;
}

/** The text of an owner file for `identity`. */
export function formatIdentity(identity: ProcessIdentity): string {
  return `${JSON.stringify(identity)}\n`;
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The owner an owner file names, or undefined for anything else (empty, half written, not ours).
 * A bare process id (a data dir lock of an earlier version) is read as an owner without start time.
 */
export function parseIdentity(text: string): ProcessIdentity | undefined {
  const trimmed = text.trim();
  if (/^\d{1,10}$/.test(trimmed)) {
    const pid = Number(trimmed);
    return positive(pid) ? { pid } : undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { pid, start, host } = json as Record<string, unknown>;
  if (!positive(pid) || (start !== undefined && !(positive(start) || start === 0))) return undefined;
  if (host !== undefined && typeof host !== 'string') return undefined;
  return { pid, ...(start !== undefined && { start }), ...(host !== undefined && { host }) };
}

/** The owner named in the file at `path`, or undefined when there is none (missing, unreadable, malformed). */
export function readIdentity(path: string): ProcessIdentity | undefined {
  try {
    return parseIdentity(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}
