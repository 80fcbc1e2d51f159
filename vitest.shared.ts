/**
 * Shared vitest settings: packages resolve to their sources through the `@video-api/source`
 * condition (no stale builds), and every run writes a JSON report that `.ci/run` sums.
 */
import { defineConfig } from 'vitest/config';

const conditions = ['@video-api/source', 'module', 'node', 'import', 'default'];

export const sharedConfig = defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@video-api/source'] } },
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    testTimeout: 20_000,
  },
});
