/**
 * The import rules of .dependency-cruiser.cjs hold for src/ (no cycle, type-only imports included;
 * no Node built-in outside node/ and cli/; the generated layer a leaf), and each rule catches what
 * it is there for.
 */
import { fileURLToPath } from 'node:url';
import { importViolations, loadImportRules, writeTree } from '@video-api/test-support';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const rules = loadImportRules(packageDir);
const violations = (baseDir: string) => importViolations(baseDir, rules);

describe('the imports of the schema package', () => {
  it('hold for src/: no cycle, type-only included, Node only in node/ and cli/, generated a leaf', async () => {
    expect(await violations(packageDir)).toEqual([]);
  }, 60_000);
});

describe('the import rules catch what they are for', () => {
  const files: Record<string, string> = {
    // a type-only cycle between two hand-written modules
    'src/unspecified.ts':
      "import type { Choice } from './reading-choice.js';\nexport type Id = Choice | 'a';\n",
    'src/reading-choice.ts':
      "import type { Id } from './unspecified.js';\nexport type Choice = { id?: Id };\n",
    // a portable module importing a Node built-in, and the same import where it belongs
    'src/report-readings.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    'src/node/read-report-file.ts':
      "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    // generated code importing a hand-written module
    'src/generated/meaning.ts':
      "import { read } from '../node/read-report-file.js';\nexport const m = read;\n",
  };
  const tree = writeTree('schema-architecture-', files);
  afterAll(() => tree.remove());
  const root = tree.root;

  it('flags a type-only cycle, a Node built-in in a portable module and a generated file importing ours', async () => {
    expect((await violations(root)).sort()).toEqual([
      'generated-is-a-leaf: src/generated/meaning.ts -> src/node/read-report-file.ts',
      'no-cycle: src/reading-choice.ts -> src/unspecified.ts', // a cycle is reported once, at its first import
      'portable-no-node: src/report-readings.ts -> fs',
    ]);
  }, 60_000);
});
