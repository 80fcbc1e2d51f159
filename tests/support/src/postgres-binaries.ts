/**
 * Where Debian keeps PostgreSQL's server programs (`/usr/lib/postgresql/<version>/bin`), installing
 * the `postgresql` package when none is there, and how to run them: the server refuses to run as
 * root, so a root process runs them as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { exec } from './exec.js';
import { aptInstall, type PlannedCommand } from './postgres-nginx-apt.js';

const DEBIAN_ROOT = '/usr/lib/postgresql';

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb and pg_ctl, if any. */
export function findPostgresBinDir(root = DEBIAN_ROOT): string | undefined {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => join(root, version, 'bin'))
    .find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')));
}

/** The server programs' folder, installing Debian's `postgresql` first when there is none. */
export async function postgresBinDir(): Promise<string> {
  const found = findPostgresBinDir();
  if (found) return found;
  await aptInstall(['postgresql'], `no initdb/pg_ctl under ${DEBIAN_ROOT}/*/bin`);
  const installed = findPostgresBinDir();
  if (!installed)
    throw new Error(`apt-get installed postgresql but no initdb/pg_ctl is under ${DEBIAN_ROOT}`);
  return installed;
}

/**
 * `program args` as the user the server may run as: itself for an ordinary user, `postgres`
 * (through runuser) for root.
 *
 * @example
 * asServerUser('/usr/lib/postgresql/15/bin/pg_ctl', ['-D', dir, 'stop'], 0);
 * // { command: 'runuser', args: ['-u', 'postgres', '--', '/usr/lib/postgresql/15/bin/pg_ctl', '-D', dir, 'stop'] }
 */
export function asServerUser(
  program: string,
  args: string[],
  uid = process.getuid?.() ?? -1,
): PlannedCommand {
  if (uid !== 0) return { command: program, args, env: {} };
  return { command: 'runuser', args: ['-u', 'postgres', '--', program, ...args], env: {} };
}

/** Runs a server program (initdb, pg_ctl) to its end as the user the server may run as. */
export function runAsServerUser(program: string, args: string[], cwd: string) {
  const step = asServerUser(program, args);
  return exec(step.command, step.args, { cwd, timeoutMs: 120_000 });
}

/** Hands `dir` to the `postgres` user when this process is root (the server refuses root). */
export function giveToServerUser(dir: string): void {
  if (process.getuid?.() !== 0) return;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  chownSync(dir, id('-u'), id('-g'));
}
