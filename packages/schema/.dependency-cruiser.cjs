/**
 * Import rules of the schema package, checked by test/architecture.test.ts: no cycle (type-only
 * imports included); Node built-ins only in `node/` and `cli/` (the other entries run in browsers);
 * the generated layer imports nothing hand-written. The rules' pieces: @video-api/test-support/import-rules.
 */
const { noCycle, portableNoNode, options } = require('@video-api/test-support/import-rules');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    noCycle,
    portableNoNode(
      '^src/(node|cli)/',
      'Only node/ and cli/ may import Node built-ins: the other entries run everywhere.',
    ),
    {
      name: 'generated-is-a-leaf',
      comment:
        'src/generated/ is written by scripts/generate.ts from the spec: it imports only itself and zod.',
      severity: 'error',
      from: { path: '^src/generated/' },
      to: { path: '^src/', pathNot: '^src/generated/' },
    },
  ],
  options,
};
