import { serialConfig } from '../../vitest.shared.js';

// Each file starts servers of its own (Prism, the mock): one file at a time, timeouts for a first install.
export default serialConfig({ testTimeout: 120_000, hookTimeout: 300_000 });
