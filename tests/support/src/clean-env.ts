/** The environment for a command that is not a script of this workspace (npm, a consumer's project, a generic tool). */

/**
 * This process's environment without what pnpm, npm, nx and vitest set for the scripts they run
 * (`npm_config_*`, `npm_package_*`, pnpm's NODE_PATH into the workspace's store, …): npm run from
 * a test would otherwise take the workspace's settings for its own.
 *
 * @example
 * spawn('npm', ['install'], { cwd: dir, env: cleanEnv() });
 */
export function cleanEnv(): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm_|pnpm_|PNPM_|NX_|INIT_CWD$|VITEST|TEST$|NODE_OPTIONS$|NODE_PATH$)/i.test(key),
    ),
  );
}
