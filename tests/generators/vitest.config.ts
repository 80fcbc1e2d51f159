import { serialConfig } from '../../vitest.shared.js';

// One file at a time (each generates five clients and runs tsc on each); timeouts for a first install.
export default serialConfig({ testTimeout: 120_000, hookTimeout: 300_000 });
