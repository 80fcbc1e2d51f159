/**
 * The import rules of .dependency-cruiser.cjs hold for src/ (no cycle, type-only imports included;
 * no Node built-in outside node/ and cli/; the generated layer a leaf), and each rule catches what
 * it is there for.
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

describe('the imports of the schema package', () => {
  it('hold for src/: no cycle, type-only included, Node only in node/ and cli/, generated a leaf', async () => {
    expect(await violations(packageDir)).toEqual([]);
  }, 60_000);
});

describe('the import rules catch what they are for', () => {
  const root = mkdtempSync(join(tmpdir(), 'schema-architecture-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
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
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }

  it('flags a type-only cycle, a Node built-in in a portable module and a generated file importing ours', async () => {
    expect((await violations(root)).sort()).toEqual([
      'generated-is-a-leaf: src/generated/meaning.ts -> src/node/read-report-file.ts',
      'no-cycle: src/reading-choice.ts -> src/unspecified.ts', // a cycle is reported once, at its first import
      'portable-no-node: src/report-readings.ts -> fs',
    ]);
  }, 60_000);
});
