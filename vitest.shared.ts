/**
 * Shared vitest settings: packages resolve to their sources through the `@video-api/source`
 * condition (no stale builds), and every run writes a JSON report that `.ci/run` sums.
 */
import { defineConfig, mergeConfig } from 'vitest/config';

const conditions = ['@video-api/source', 'module', 'node', 'import', 'default'];

export const sharedConfig = defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@video-api/source'] } },
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    testTimeout: 20_000,
  },
});

/**
 * The shared settings for a harness whose files start processes of their own (servers, clusters,
 * installs): one file at a time, with the timeouts it needs (ms), and any other test settings.
 *
 * @example
 * export default serialConfig({ testTimeout: 120_000, hookTimeout: 300_000 });
 */
export function serialConfig(test: { testTimeout: number; hookTimeout: number } & Record<string, unknown>) {
  return mergeConfig(sharedConfig, defineConfig({ test: { fileParallelism: false, ...test } }));
}
