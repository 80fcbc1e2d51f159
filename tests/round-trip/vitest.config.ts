import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// One long sequential story (publish, then install and use): no parallel files, generous timeouts.
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      include: ['test/*.test.ts'], // test/fixtures/ are the consumer's files
      globalSetup: ['test/global-setup.ts'], // one release into one registry, for every file
      fileParallelism: false,
      testTimeout: 300_000,
      hookTimeout: 600_000,
    },
  }),
);
