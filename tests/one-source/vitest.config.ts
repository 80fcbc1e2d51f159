import { serialConfig } from '../../vitest.shared.js';

// Each variant copies the workspace, regenerates the schema and type-checks three packages.
export default serialConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
