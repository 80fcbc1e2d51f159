/**
 * The import rules of .dependency-cruiser.cjs hold for src/ (no cycle, type-only imports included;
 * no Node built-in outside the Node parts), and each rule catches what it is there for.
 */
import { fileURLToPath } from 'node:url';
import { importViolations, loadImportRules, writeTree } from '@video-api/test-support';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const rules = loadImportRules(packageDir);
const violations = (baseDir: string) => importViolations(baseDir, rules);

describe('the imports of the client', () => {
  it('hold for src/: no cycle, type-only included, and no Node built-in in the portable part', async () => {
    expect(await violations(packageDir)).toEqual([]);
  }, 60_000);
});

describe('the import rules catch what they are for', () => {
  const files: Record<string, string> = {
    // a type-only cycle, as errors.ts and types.ts had
    'src/errors.ts': "import type { Details } from './types.js';\nexport type E = { details?: Details };\n",
    'src/types.ts': "import type { E } from './errors.js';\nexport type Details = { error?: E };\n",
    // a portable file importing a Node built-in
    'src/upload/source.ts': "import { stat } from 'node:fs/promises';\nexport const size = stat;\n",
    // the same import where it belongs
    'src/node/file-source.ts': "import { stat } from 'node:fs/promises';\nexport const size = stat;\n",
  };
  const tree = writeTree('client-architecture-', files);
  afterAll(() => tree.remove());
  const root = tree.root;

  it('flags a type-only cycle and a Node built-in in the portable part, and nothing else', async () => {
    expect((await violations(root)).sort()).toEqual([
      'no-cycle: src/errors.ts -> src/types.ts', // a cycle is reported once, at its first import
      'portable-no-node: src/upload/source.ts -> fs/promises',
    ]);
  }, 60_000);
});
