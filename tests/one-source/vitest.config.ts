import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.js';

// Each variant copies the workspace, regenerates the schema and type-checks three packages.
export default mergeConfig(
  sharedConfig,
  defineConfig({ test: { fileParallelism: false, testTimeout: 120_000, hookTimeout: 120_000 } }),
);
