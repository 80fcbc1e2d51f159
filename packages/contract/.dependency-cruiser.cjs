/**
 * The contract suite's architecture, checked by dependency-cruiser (test/architecture/): folders
 * import only downwards, peers never import each other, and there is no import cycle, type-only
 * imports included.
 *
 * Layers, lowest first (a folder may import its own layer and the ones below; peers on one line
 * may not import each other):
 *   support → context | report → checks | probes → suite → cli
 * support/: http, operations and paths, values, evidence, shown, the report's types;
 * context/: the run context (recorder and request driver) checks and probes are handed;
 * report/: the report's renderings; checks/ and probes/: what the document states and what it
 * leaves open; suite/: the run, in order; cli/: the command line. `src/index.ts`, the package
 * entry, sits above them all and no folder imports it.
 */
const LAYERS = [['support'], ['context', 'report'], ['checks', 'probes'], ['suite'], ['cli']];
const ROOT_FILES = '^src/[^/]+\\.ts$';

const folder = (name) => `^src/${name}/`;
const layerRules = LAYERS.flatMap((layer, index) => {
  const above = LAYERS.slice(index + 1).flat();
  return layer.flatMap((name) => [
    {
      name: `layer-${name}`,
      comment: `src/${name}/ imports only its own layer and those below (not ${[...above, 'the root files'].join(', ')})`,
      severity: 'error',
      from: { path: folder(name) },
      to: { path: [...above.map(folder), ROOT_FILES] },
    },
    ...layer
      .filter((peer) => peer !== name)
      .map((peer) => ({
        name: `peer-${name}-${peer}`,
        comment: `src/${name}/ and src/${peer}/ are peers: neither imports the other`,
        severity: 'error',
        from: { path: folder(name) },
        to: { path: folder(peer) },
      })),
  ]);
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-cycles',
      comment: 'no import cycle between files, type-only imports included',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensionAlias: { '.js': ['.ts', '.js'] } },
  },
};
