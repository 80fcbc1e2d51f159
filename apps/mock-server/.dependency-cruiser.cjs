/**
 * The mock's architecture, checked by dependency-cruiser (test/architecture.test.ts, and
 * `pnpm depcruise`): layers import only downwards, the portable core never reaches Node, no cycles.
 *
 * Layers, lowest first (a folder may import its own layer and the ones below; peers on one line
 * may not import each other):
 *   shared → readings → state → http → faults | webhooks → instance → api | playback → control → sandbox | console → root files → node
 * `src/node/` holds everything that needs Node, the Node entries included (`node/root.ts`, the
 * package root under the `node` condition, and `node/index.ts`, `./node`); nothing outside it
 * imports it. The neutral entries (`src/index.ts`, `portable.ts`, `msw.ts`) reach no Node.
 * `src/msw/` serves the mock through msw (an optional peer); only `src/msw.ts` imports it or msw.
 * The pieces every package's rules share: @video-api/test-support/import-rules.
 */
const importRules = require('@video-api/test-support/import-rules');

const LAYERS = [
  ['shared'],
  ['readings'],
  ['state'],
  ['http'],
  ['faults', 'webhooks'],
  ['instance'],
  ['api', 'playback'],
  ['control'],
  ['sandbox', 'console'],
];
const NODE_ONLY_PACKAGES = ['busboy', 'better-sqlite3', '@hono/node-server'];
const layerRules = importRules.layerRules(LAYERS, {
  alsoAbove: [importRules.ROOT_FILES, importRules.folder('node')],
  aboveNames: ['root files', 'node/'],
});

module.exports = {
  forbidden: [
    {
      name: 'portable-imports-node',
      comment: 'outside src/node/, no file imports a Node built-in or a Node-only package',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/node/'] },
      to: {
        dependencyTypes: ['core'],
      },
    },
    {
      name: 'portable-imports-node-package',
      comment: `outside src/node/, no file imports ${NODE_ONLY_PACKAGES.join(', ')}`,
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/node/'] },
      to: { path: NODE_ONLY_PACKAGES.map((name) => `node_modules/${name.replace('/', '\\/')}/`) },
    },
    {
      name: 'only-the-node-entry-imports-node',
      comment: 'src/node/ (which holds the Node entries) is imported by itself only',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/node/'] },
      to: { path: '^src/node/' },
    },
    {
      name: 'only-the-msw-entry-imports-msw',
      comment: 'msw (an optional peer) and src/msw/ are imported by src/msw.ts and src/msw/ only',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/msw/', '^src/msw\\.ts$'] },
      to: { path: ['^src/msw/', 'node_modules/msw/'] },
    },
    {
      name: 'portable-entry-reaches-node',
      comment: 'nothing the neutral entries (src/index.ts, portable.ts, msw.ts) reach needs Node',
      severity: 'error',
      from: { path: '^src/(index|portable|msw)\\.ts$' },
      to: {
        path: ['^src/node/', ...NODE_ONLY_PACKAGES.map((name) => `node_modules/${name}/`)],
        reachable: true,
      },
    },
    ...layerRules,
    {
      name: 'browser-code-imports-types',
      comment:
        'browser code (src/*/browser/, bundled for a page: the console) imports its folder and src/shared/; of the rest of the mock and of packages, types only',
      severity: 'error',
      from: { path: '^src/[^/]+/browser/' },
      to: { pathNot: ['^src/[^/]+/browser/', '^src/shared/'], dependencyTypesNot: ['type-only'] },
    },
    importRules.noCycle,
  ],
  options: { ...importRules.options, tsConfig: { fileName: 'tsconfig.json' } },
};
