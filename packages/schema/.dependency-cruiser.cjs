/**
 * Import rules of the schema package, checked by test/architecture.test.ts: no cycle (type-only
 * imports included); Node built-ins only in `node/` and `cli/` (the other entries run in browsers);
 * the generated layer imports nothing hand-written.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A cycle, type-only imports included: split the shared part into a module both import.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'portable-no-node',
      comment: 'Only node/ and cli/ may import Node built-ins: the other entries run everywhere.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(node|cli)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'generated-is-a-leaf',
      comment:
        'src/generated/ is written by scripts/generate.ts from the spec: it imports only itself and zod.',
      severity: 'error',
      from: { path: '^src/generated/' },
      to: { path: '^src/', pathNot: '^src/generated/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensionAlias: { '.js': ['.ts', '.js'] } },
  },
};
