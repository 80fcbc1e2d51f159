import { serialConfig } from '../../vitest.shared.js';

// Each file starts processes of its own (three mocks, nginx, maybe a cluster): one file at a time.
export default serialConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
