/**
 * A scratch copy of the workspace: the spec and the packages a change reaches, copied into a
 * temporary folder (sources only), with their node_modules as links, so that an edit of the spec
 * can be generated and type-checked there without touching the working tree.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/** The folders a change of the spec reaches (the test-support package: the mock's tests use it). */
const COPIED = [
  'spec',
  'packages/schema',
  'packages/client',
  'packages/contract',
  'tests/support',
  'apps/mock-server',
] as const;

/** Files at the root that the copied packages refer to. */
const ROOT_FILES = ['tsconfig.base.json', 'vitest.shared.ts'] as const;

const SKIPPED = new Set(['node_modules', 'dist', 'test-results', '.vite', '.vite-temp']);

export interface Scratch {
  readonly root: string;
  readonly remove: () => void;
}

/** Copies `COPIED` of the workspace at `workspace` into a new temporary folder. */
export function scratchCopy(workspace: string): Scratch {
  const root = mkdtempSync(join(tmpdir(), 'one-source-'));
  try {
    for (const file of ROOT_FILES) cpSync(join(workspace, file), join(root, file));
    symlinkSync(join(workspace, 'node_modules'), join(root, 'node_modules'), 'dir');
    for (const folder of COPIED) {
      cpSync(join(workspace, folder), join(root, folder), {
        recursive: true,
        filter: (source) => !SKIPPED.has(basename(source)),
      });
      linkPackageModules(join(workspace, folder), join(root, folder));
    }
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * A package's node_modules holds links (pnpm): to the store, which the root link reaches, and to
 * other workspace packages, which must lead to their copies. Relative links do both once copied.
 */
function linkPackageModules(from: string, to: string): void {
  const modules = join(from, 'node_modules');
  if (!existsSync(modules)) return;
  for (const entry of readdirSync(modules)) {
    if (SKIPPED.has(entry) || entry === '.bin') continue;
    cpSync(join(modules, entry), join(to, 'node_modules', entry), {
      recursive: true,
      verbatimSymlinks: true,
    });
  }
}
