/**
 * Runs a TypeScript script, or vitest files, inside a package of the scratch copy, as the repository
 * runs its own sources (`node --conditions=@video-api/source --import tsx`, vitest's source
 * condition), so the packages they import are the copy's, with the recipe's edits. A script proves
 * a change works (it throws when it does not); a test shows where a change must still go.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes `source` as a file of the package `folder` of the copy at `root`, runs it, removes it,
 * and returns what it printed; throws with its output when it exits with an error.
 */
export function runScript(root: string, folder: string, source: string, timeoutMs = 120_000): string {
  const file = join(root, folder, 'one-source-check.ts');
  writeFileSync(file, source);
  try {
    const result = spawnSync(process.execPath, ['--conditions=@video-api/source', '--import', 'tsx', file], {
      cwd: join(root, folder),
      encoding: 'utf8',
      timeout: timeoutMs,
    });
    if (result.status !== 0) {
      throw new Error(
        `the check in ${folder} failed (exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
      );
    }
    return result.stdout;
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Runs the vitest files `files` of the package `folder` of the copy at `root` (the workspace's
 * vitest, the package's config); returns whether they passed and what vitest printed.
 */
export function runVitest(
  root: string,
  folder: string,
  files: readonly string[],
): { passed: boolean; output: string } {
  const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const result = spawnSync(process.execPath, [vitest, 'run', ...files], {
    cwd: join(root, folder),
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { passed: result.status === 0, output: `${result.stdout}\n${result.stderr}` };
}
