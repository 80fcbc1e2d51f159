/**
 * Debian packages a test needs and the machine may lack (`postgresql`, `nginx-light`), installed with
 * apt-get as Chromium would be: the commands are built as data first (`aptInstallPlan`, unit-tested),
 * then run once per process and package set, with a log line saying what is installed and why.
 */
import { exec } from './exec.js';

/** One command of a plan: what runs, with which arguments and which extra environment. */
export interface PlannedCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

const APT_ENV = { DEBIAN_FRONTEND: 'noninteractive' };
/** Waits for another apt-get (another test file installing the same package) instead of failing. */
const APT_OPTIONS = ['-o', 'DPkg::Lock::Timeout=600', '-o', 'Dpkg::Use-Pty=0'];

/**
 * The apt-get commands that install `packages` without a question: refreshing the package lists,
 * then installing without recommended extras. Only root may run them; anyone else gets an error
 * that says what to run.
 *
 * @example
 * aptInstallPlan(['nginx-light'], 0);
 * // [{ command: 'apt-get', args: [..., 'update'] }, { command: 'apt-get', args: [..., 'install', '-y', ..., 'nginx-light'] }]
 */
export function aptInstallPlan(packages: string[], uid = process.getuid?.() ?? -1): PlannedCommand[] {
  if (packages.length === 0) throw new Error('aptInstallPlan: no package named');
  if (uid !== 0) {
    const line = `sudo apt-get install -y ${packages.join(' ')}`;
    throw new Error(`${packages.join(', ')} missing and this process is not root: run \`${line}\` once`);
  }
  return [
    { command: 'apt-get', args: [...APT_OPTIONS, 'update'], env: APT_ENV },
    {
      command: 'apt-get',
      args: [...APT_OPTIONS, 'install', '-y', '--no-install-recommends', ...packages],
      env: APT_ENV,
    },
  ];
}

const installs = new Map<string, Promise<void>>();

/**
 * Installs Debian `packages` (once per process), logging why: `reason` says what was looked for
 * and not found. Rejects with the failing command and its output.
 */
export function aptInstall(packages: string[], reason: string): Promise<void> {
  const key = packages.join(' ');
  let pending = installs.get(key);
  if (!pending) {
    pending = (async () => {
      const plan = aptInstallPlan(packages);
      console.warn(`[test-support] ${reason}: installing Debian package(s) ${key} with apt-get`);
      const started = Date.now();
      for (const step of plan) {
        await exec(step.command, step.args, { cwd: '/', env: step.env, timeoutMs: 900_000 });
      }
      console.warn(`[test-support] installed ${key} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    })();
    installs.set(key, pending);
    pending.catch(() => installs.delete(key));
  }
  return pending;
}
