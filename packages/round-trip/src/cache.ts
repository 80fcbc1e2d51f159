/**
 * Tools the round-trip needs but the workspace does not depend on (another Node, Verdaccio) are
 * installed once with npm into a per-user cache folder and reused by later runs, so CI stays fast.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { exec } from './exec.js';

/** The cache folder: $XDG_CACHE_HOME (or ~/.cache) /video-api-kit/round-trip. */
export function cacheDir(): string {
  const base = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  return join(base, 'video-api-kit', 'round-trip');
}

/**
 * Installs `packages` (exact versions) with npm into a cache folder named `name`, once; returns
 * the folder. `manifest` adds fields to its package.json (e.g. `overrides`).
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
  // The tools declare newer Node versions than the one running npm here: engines are not enforced.
  await exec('npm', ['install', '--no-audit', '--no-fund', '--engine-strict=false', ...packages], {
    cwd: dir,
    timeoutMs: 600_000,
  });
  writeFileSync(done, `${packages.join(' ')}\n`);
  return dir;
}
