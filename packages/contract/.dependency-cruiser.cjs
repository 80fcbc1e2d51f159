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
 * entry, sits above them all and no folder imports it. The rules' pieces:
 * @video-api/test-support/import-rules.
 */
const { layerRules, noCycle, options } = require('@video-api/test-support/import-rules');

const LAYERS = [['support'], ['context', 'report'], ['checks', 'probes'], ['suite'], ['cli']];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [...layerRules(LAYERS), noCycle],
  options: { ...options, tsConfig: { fileName: 'tsconfig.json' } },
};
