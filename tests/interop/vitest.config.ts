import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// Each file starts servers of its own (Prism, the mock): one file at a time, timeouts for a first install.
export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      fileParallelism: false,
      testTimeout: 120_000,
      hookTimeout: 300_000,
    },
  }),
);
