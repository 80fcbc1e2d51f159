/**
 * The pieces every package's `.dependency-cruiser.cjs` is built from, written once: folders in
 * layers that import only downwards (peers on one layer never import each other), no import cycle
 * (type-only imports included), a portable part that reaches no Node built-in, and the options
 * that resolve the workspace's TypeScript sources. Each package's config names its own layers and
 * its own extra rules; test/architecture of each package checks them (see ./import-rules.ts).
 */

/** A path pattern for `src/{name}/`. */
const folder = (name) => `^src/${name}/`;

/** Files directly under `src/` (a package's entries and root files). */
const ROOT_FILES = '^src/[^/]+\\.tsx?$';

/**
 * One rule per folder of `layers` (lowest first; folders on one line are peers): it imports only
 * its own layer and those below, never `alsoAbove` (paths above every layer, such as the root
 * files), and never a peer.
 *
 * @param {string[][]} layers
 * @param {{ alsoAbove?: string[], aboveNames?: string[] }} [options]
 */
function layerRules(layers, options = {}) {
  const alsoAbove = options.alsoAbove ?? [ROOT_FILES];
  const aboveNames = options.aboveNames ?? ['the root files'];
  return layers.flatMap((layer, index) => {
    const above = layers.slice(index + 1).flat();
    return layer.flatMap((name) => [
      {
        name: `layer-${name}`,
        comment: `src/${name}/ imports only its own layer and those below (not ${[...above, ...aboveNames].join(', ')})`,
        severity: 'error',
        from: { path: folder(name) },
        to: { path: [...above.map(folder), ...alsoAbove] },
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
}

/** No import cycle between files of `src/`, type-only imports included. */
const noCycle = {
  name: 'no-cycle',
  comment: 'A cycle, type-only imports included: split the shared part into a module both import.',
  severity: 'error',
  from: { path: '^src/' },
  to: { circular: true },
};

/**
 * Outside `nodeOnly` (a path pattern of the files that may), no file imports a Node built-in.
 *
 * @param {string} nodeOnly
 * @param {string} comment
 */
function portableNoNode(nodeOnly, comment) {
  return {
    name: 'portable-no-node',
    comment,
    severity: 'error',
    from: { path: '^src/', pathNot: nodeOnly },
    to: { dependencyTypes: ['core'] },
  };
}

/** The options every package's rules run with: TypeScript sources, `.js` specifiers to `.ts`. */
const options = {
  doNotFollow: { path: 'node_modules' },
  tsPreCompilationDeps: true,
  enhancedResolveOptions: { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
};

module.exports = { folder, ROOT_FILES, layerRules, noCycle, portableNoNode, options };
