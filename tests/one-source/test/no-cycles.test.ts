/**
 * Issue 24's "0 import cycles, type-only included, in every package": dependency-cruiser over the
 * source of every workspace package (src, test, scripts, tools), each package on its own, with one
 * rule: no circular import, `import type` counted (`tsPreCompilationDeps`). The rule is shown to
 * catch a type-only cycle first, so a pass is not a rule that sees nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importViolations, writeTree } from '@video-api/test-support';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCE_DIRS = ['src', 'test', 'scripts', 'tools'];

const config: Parameters<typeof importViolations>[1] = {
  forbidden: [{ name: 'no-cycle', severity: 'error', from: {}, to: { circular: true } }],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|generated)/' },
  },
};

/** The workspace packages: apps/*, packages/*, tests/*, bench and spec (pnpm-workspace.yaml's globs). */
function workspacePackages(): string[] {
  const globbed = ['apps', 'packages', 'tests'].flatMap((parent) =>
    readdirSync(join(root, parent)).map((name) => join(parent, name)),
  );
  return [...globbed, 'bench', 'spec'].filter((dir) => existsSync(join(root, dir, 'package.json')));
}

/** The cycles in the source folders of the package at `dir`, as `no-cycle: from -> to`. */
async function cycles(dir: string): Promise<string[]> {
  const folders = SOURCE_DIRS.filter((folder) => existsSync(join(dir, folder)));
  return folders.length === 0 ? [] : importViolations(dir, config, folders);
}

describe('the cycle rule', () => {
  const tree = writeTree('one-source-cycles-', {
    'src/a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
    'src/b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n",
    'src/c.ts': "import type { A } from './a.js';\nexport const c: A = {};\n",
  });
  afterAll(() => tree.remove());

  it('catches a cycle of type-only imports, and only it', async () => {
    expect(await cycles(tree.root)).toEqual(['no-cycle: src/a.ts -> src/b.ts']);
  }, 60_000);
});

describe('every workspace package', () => {
  const packages = workspacePackages();

  it('is found: the apps, the packages, the test harnesses, bench and spec', () => {
    expect(packages).toEqual(
      expect.arrayContaining(['apps/mock-server', 'packages/client', 'tests/support', 'bench', 'spec']),
    );
  });

  it.each(packages)(
    '%s has no import cycle, type-only imports included',
    async (dir) => {
      expect(await cycles(join(root, dir))).toEqual([]);
    },
    120_000,
  );
});
