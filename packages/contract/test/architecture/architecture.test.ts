/**
 * The architecture rules of .dependency-cruiser.cjs hold for src/, and each rule catches the
 * mistake it is there for (a generated tree of deliberately wrong imports).
 */
import { fileURLToPath } from 'node:url';
import { importViolations, loadImportRules, writeTree } from '@video-api/test-support';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const rules = loadImportRules(packageDir);
const violations = (baseDir: string) => importViolations(baseDir, rules);

describe('the architecture of the contract suite', () => {
  it('holds for src/: folders import downwards, peers apart, no cycles (type-only included)', async () => {
    expect(await violations(packageDir)).toEqual([]);
  });
});

describe('the architecture rules catch what they are for', () => {
  const files: Record<string, string> = {
    // support reaching the checks (values.ts once imported checks/shapes.ts)
    'src/support/values.ts':
      "import { sameValue } from '../checks/shapes.js';\nexport const values = sameValue;\n",
    'src/checks/shapes.ts': 'export const sameValue = 1;\n',
    // the context importing a probe (context.ts once imported probes/sample-video.ts)
    'src/context/context.ts':
      "import { sample } from '../probes/sample.js';\nexport const context = sample;\n",
    'src/probes/sample.ts': 'export const sample = 1;\n',
    // checks and probes importing each other
    'src/checks/video.ts':
      "import { observe } from '../probes/conditions.js';\nexport const video = observe;\n",
    'src/probes/conditions.ts':
      "import { playback } from '../checks/playback.js';\nexport const observe = playback;\n",
    'src/checks/playback.ts': 'export const playback = 1;\n',
    // the report rendering through the context, a peer
    'src/report/summary.ts':
      "import type { Recorder } from '../context/recorder.js';\nexport type Summary = Recorder;\n",
    'src/context/recorder.ts': 'export type Recorder = { checks: string[] };\n',
    // the suite importing the command line, and the command line importing the package entry
    'src/suite/run.ts': "import { usage } from '../cli/args.js';\nexport const run = usage;\n",
    'src/cli/args.ts': "import { entry } from '../index.js';\nexport const usage = entry;\n",
    'src/index.ts': 'export const entry = 1;\n',
    // a cycle of type-only imports
    'src/support/a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
    'src/support/b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n",
  };
  const tree = writeTree('contract-architecture-', files);
  afterAll(() => tree.remove());
  const root = tree.root;

  it.each([
    ['layer-support', 'src/support/values.ts', 'src/checks/shapes.ts'],
    ['layer-context', 'src/context/context.ts', 'src/probes/sample.ts'],
    ['peer-checks-probes', 'src/checks/video.ts', 'src/probes/conditions.ts'],
    ['peer-probes-checks', 'src/probes/conditions.ts', 'src/checks/playback.ts'],
    ['peer-report-context', 'src/report/summary.ts', 'src/context/recorder.ts'],
    ['layer-suite', 'src/suite/run.ts', 'src/cli/args.ts'],
    ['layer-cli', 'src/cli/args.ts', 'src/index.ts'],
    ['no-cycle', 'src/support/a.ts', 'src/support/b.ts'],
  ])('%s fails %s importing %s', async (rule, from, to) => {
    const found = await violations(root);
    expect(found).toContain(`${rule}: ${from} -> ${to}`);
  });
});
