/**
 * Import rules of the client, checked by test/architecture.test.ts: no cycle (type-only imports
 * included), and the every-runtime part reaches no Node built-in (only `node/`, `cli/` and the
 * `/node` entry may).
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
      comment: 'Only node/, cli/ and node.ts may import Node built-ins: the main entry runs everywhere.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(node/|cli/|node\\.ts$)' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensionAlias: { '.js': ['.ts', '.js'] } },
  },
};
