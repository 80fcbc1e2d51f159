/**
 * Child processes: start one and wait for the line that says it is ready, read its memory from
 * /proc (peak RSS, resettable), and stop it. Every server and load generator of the bench runs in
 * its own process, so a figure is never the sum of two programs sharing one event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { BENCH_DIR } from './paths.js';

export interface Started {
  child: ChildProcess;
  pid: number;
  /** The first capture group of the ready pattern (e.g. the base URL). */
  match: string;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  stop(): Promise<void>;
}

/** Stops a child with SIGTERM (SIGKILL after `graceMs`) and resolves once it exited. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Spawns `command` and resolves when a line of its output matches `ready` (its first group is
 * returned as `match`). Rejects with the output seen so far if it exits or times out first.
 *
 * @example
 * const mock = await startProcess('node', [MOCK_CLI, '--port', '0'], /listening on (\S+)/);
 */
export function startProcess(
  command: string,
  args: string[],
  ready: RegExp,
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<Started> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: options.cwd ?? BENCH_DIR,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error('did not become ready in time')),
      options.timeoutMs ?? 60_000,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      void stopChild(child);
      reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${seen.slice(-2000)}`));
    };
    const onData = (chunk: Buffer) => {
      if (seen.length < 100_000) seen += chunk.toString();
      const match = ready.exec(seen);
      if (match && child.pid !== undefined) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        // Keep draining, so a chatty child never blocks on a full pipe.
        child.stdout?.resume();
        child.stderr?.resume();
        child.off('exit', onExit);
        const pid = child.pid;
        resolve({
          child,
          pid,
          match: match[1] ?? match[0],
          readyMs: performance.now() - started,
          stop: () => stopChild(child),
        });
      }
    };
    const onExit = (code: number | null) => fail(new Error(`exited with ${code} before it was ready`));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', fail);
  });
}

function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Peak resident memory of a live process so far, in MiB (VmHWM). */
export const peakRssMiB = (pid: number) => statusField(pid, 'VmHWM');
/** Resident memory now, in MiB (VmRSS). */
const rssMiB = (pid: number) => statusField(pid, 'VmRSS');

/**
 * Resets the peak-RSS counter of a process we own (`echo 5 > /proc/PID/clear_refs`), so the next
 * VmHWM read covers only what follows. Returns false where the kernel does not allow it.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Samples the peak RSS of a process until `stop()`: VmHWM every `everyMs` (the last sample before
 * the process exits is its peak, to within one interval).
 */
export function samplePeak(pid: number, everyMs = 20): { stop(): number } {
  let peak = 0;
  const take = () => {
    const value = peakRssMiB(pid) ?? rssMiB(pid);
    if (value !== undefined && value > peak) peak = value;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      take();
      clearInterval(timer);
      return peak;
    },
  };
}

/** Runs a command to its end and returns its stdout; rejects on a non-zero exit, with stderr. */
export function runToEnd(
  command: string,
  args: string[],
  options: { cwd?: string; onSpawn?: (pid: number) => void } = {},
): Promise<{ stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: options.cwd ?? BENCH_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (stderr.length < 100_000) stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve({ stdout, stderr, ms });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}: ${stderr.slice(-2000)}`));
    });
  });
}

/**
 * CPU time a live process has used so far (user + system), in milliseconds, from /proc/PID/stat.
 * Time the hypervisor steals from the machine is not counted, so CPU time per request is steadier
 * than requests per second on a shared machine.
 */
export function cpuTimeMs(pid: number): number | undefined {
  const times = cpuTimesMs(pid);
  return times && times.user + times.system;
}

/**
 * The user and the system (kernel) CPU time a live process has used so far, in milliseconds, apart:
 * the kernel's share is where a server pays for its socket writes and for waking its peer.
 */
export function cpuTimesMs(pid: number): { user: number; system: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / CLOCK_TICKS_PER_SECOND;
    return { user: ms(fields[11]), system: ms(fields[12]) }; // utime, stime (fields 14 and 15)
  } catch {
    return undefined;
  }
}

/** USER_HZ: 100 on every Linux build Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;
