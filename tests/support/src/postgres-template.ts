/**
 * An empty PostgreSQL data folder made once with initdb and kept in the tools cache
 * (`<cacheDir>/postgres-<version>-data`), so a test's own cluster is a copy (a third of a second)
 * instead of an initdb (one to two seconds). Made in a temp folder the `postgres` user can write,
 * copied into the cache and renamed into place, so concurrent test processes never see half of one.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { cacheDir } from './cached-install.js';
import { exec } from './exec.js';
import { giveToServerUser, runAsServerUser } from './postgres-binaries.js';

/** initdb's options: the bootstrap superuser `postgres`, trust auth, UTF-8, C locale, no fsync. */
const INITDB_OPTIONS = ['-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'];

const made = new Map<string, Promise<string>>();

async function makeTemplate(bin: string, target: string): Promise<string> {
  if (existsSync(join(target, 'PG_VERSION'))) return target;
  const work = mkdtempSync(join(tmpdir(), 'video-api-pg-template-'));
  const staging = `${target}.${process.pid}.tmp`;
  try {
    giveToServerUser(work);
    await runAsServerUser(join(bin, 'initdb'), ['-D', join(work, 'data'), ...INITDB_OPTIONS], work);
    mkdirSync(dirname(target), { recursive: true });
    rmSync(staging, { recursive: true, force: true });
    await exec('cp', ['-a', join(work, 'data'), staging], { cwd: work });
    try {
      renameSync(staging, target);
    } catch (error) {
      if (!existsSync(join(target, 'PG_VERSION'))) throw error; // else another process made it first
    }
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The template data folder for the server programs in `bin` (`/usr/lib/postgresql/<version>/bin`),
 * made on first use; copy it with `cp -a` (ownership and mode 0700 kept).
 */
export function clusterTemplate(bin: string): Promise<string> {
  const version = basename(dirname(bin));
  const target = join(cacheDir(), `postgres-${version}-data`);
  let pending = made.get(target);
  if (!pending) {
    pending = makeTemplate(bin, target);
    made.set(target, pending);
    pending.catch(() => made.delete(target));
  }
  return pending;
}
