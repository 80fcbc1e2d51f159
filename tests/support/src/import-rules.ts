/**
 * The import rules of a package (its `.dependency-cruiser.cjs`), checked the way every package's
 * architecture test checks them: the violations in its source folders, and a tree of deliberately
 * wrong imports written to a temporary folder, to show each rule catches what it is there for.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';

/** The `.dependency-cruiser.cjs` of the package at `packageDir`. */
export function loadImportRules(packageDir: string): IConfiguration {
  return createRequire(join(packageDir, 'package.json'))(join(packageDir, '.dependency-cruiser.cjs'));
}

/**
 * The violations of `rules` in `folders` under `baseDir`, as `rule: from -> to` (paths relative to
 * `baseDir`, as the rules name them).
 *
 * @example
 * expect(await importViolations(packageDir, loadImportRules(packageDir))).toEqual([]);
 */
export async function importViolations(
  baseDir: string,
  rules: IConfiguration,
  folders: string[] = ['src'],
): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(baseDir);
  try {
    const result = await cruise(folders, {
      ...rules.options,
      tsConfig: undefined,
      validate: true,
      ruleSet: { forbidden: rules.forbidden ?? [] },
    });
    if (typeof result.output === 'string') throw new Error('dependency-cruiser gave text, not a result');
    return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(previous);
  }
}

/** Writes `files` (path → text) under a new temporary folder; `remove()` deletes it. */
export function writeTree(prefix: string, files: Record<string, string>): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
