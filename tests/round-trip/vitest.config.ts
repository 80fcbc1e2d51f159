import { serialConfig } from '../../vitest.shared.js';

// One long sequential story (publish, then install and use): no parallel files, generous timeouts.
export default serialConfig({
  include: ['test/*.test.ts'], // test/fixtures/ are the consumer's files
  globalSetup: ['test/global-setup.ts'], // one release into one registry, for every file
  testTimeout: 300_000,
  hookTimeout: 600_000,
});
