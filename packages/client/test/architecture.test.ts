/**
 * The import rules of .dependency-cruiser.cjs hold for src/ (no cycle, type-only imports included;
 * no Node built-in outside the Node parts), and each rule catches what it is there for.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const config = createRequire(import.meta.url)(join(packageDir, '.dependency-cruiser.cjs')) as IConfiguration;

/** The rule violations of `src/` under `baseDir`, as `rule: from -> to`. */
async function violations(baseDir: string): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(baseDir); // rules name paths relative to the package
  try {
    const result = await cruise(['src'], {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
    });
    if (typeof result.output === 'string') throw new Error('dependency-cruiser gave text, not a result');
    return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(previous);
  }
}

describe('the imports of the client', () => {
  it('hold for src/: no cycle, type-only included, and no Node built-in in the portable part', async () => {
    expect(await violations(packageDir)).toEqual([]);
  }, 60_000);
});

describe('the import rules catch what they are for', () => {
  const root = mkdtempSync(join(tmpdir(), 'client-architecture-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = {
    // a type-only cycle, as errors.ts and types.ts had
    'src/errors.ts': "import type { Details } from './types.js';\nexport type E = { details?: Details };\n",
    'src/types.ts': "import type { E } from './errors.js';\nexport type Details = { error?: E };\n",
    // a portable file importing a Node built-in
    'src/upload/source.ts': "import { stat } from 'node:fs/promises';\nexport const size = stat;\n",
    // the same import where it belongs
    'src/node/file-source.ts': "import { stat } from 'node:fs/promises';\nexport const size = stat;\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }

  it('flags a type-only cycle and a Node built-in in the portable part, and nothing else', async () => {
    expect((await violations(root)).sort()).toEqual([
      'no-cycle: src/errors.ts -> src/types.ts', // a cycle is reported once, at its first import
      'portable-no-node: src/upload/source.ts -> fs/promises',
    ]);
  }, 60_000);
});
