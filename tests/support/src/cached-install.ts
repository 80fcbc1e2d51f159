/**
 * Tools a test needs but the workspace does not depend on (another Node, Verdaccio, Prism, Portman)
 * are installed once with npm into a per-user cache folder and reused by later runs, so CI stays fast.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cleanEnv } from './clean-env.js';

const run = promisify(execFile);

/** The cache folder: $XDG_CACHE_HOME (or ~/.cache) /video-api-kit/tools. */
export function cacheDir(): string {
  const base = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  return join(base, 'video-api-kit', 'tools');
}

/**
 * Installs `packages` (exact versions) with npm into a cache folder named `name`, once; returns
 * the folder. `manifest` adds fields to its package.json (e.g. `overrides`). Engines are not
 * enforced: some tools declare newer Node versions than the one running npm here.
 *
 * @example
 * const dir = await cachedInstall('newman-6.2.2', ['newman@6.2.2']);
 * const bin = join(dir, 'node_modules', 'newman', 'bin', 'newman.js');
 */
export async function cachedInstall(
  name: string,
  packages: string[],
  manifest: Record<string, unknown> = {},
): Promise<string> {
  const dir = join(cacheDir(), name);
  const done = join(dir, '.installed');
  if (existsSync(done)) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `cache-${name}`, private: true, ...manifest }),
  );
  const args = ['install', '--no-audit', '--no-fund', '--engine-strict=false', ...packages];
  try {
    await run('npm', args, { cwd: dir, env: cleanEnv(), timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const tail = `${stdout}\n${stderr}`.split('\n').slice(-40).join('\n');
    throw new Error(`npm ${args.join(' ')} (in ${dir}) failed:\n${tail}`, { cause: error });
  }
  writeFileSync(done, `${packages.join(' ')}\n`);
  return dir;
}
