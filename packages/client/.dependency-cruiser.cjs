/**
 * Import rules of the client, checked by test/architecture.test.ts: no cycle (type-only imports
 * included), and the every-runtime part reaches no Node built-in (only `node/`, `cli/` and the
 * `/node` entry may). The rules' pieces: @video-api/test-support/import-rules.
 */
const { noCycle, portableNoNode, options } = require('@video-api/test-support/import-rules');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    noCycle,
    portableNoNode(
      '^src/(node/|cli/|node\\.ts$)',
      'Only node/, cli/ and node.ts may import Node built-ins: the main entry runs everywhere.',
    ),
  ],
  options,
};
