/**
 * Typechecks code as a consumer would compile it: written into a scratch folder inside the package
 * (so `@video-api/client` resolves to this package, through its `@video-api/source` condition; under
 * test-results/, which git, Biome and tsc leave alone) and
 * compiled with the TypeScript API under the options given. Returns the diagnostics of those files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

/** Strict, as consumers compile: NodeNext, ES2022, DOM and Node types. */
export const consumerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  customConditions: ['@video-api/source'],
};

/**
 * `withSource`: also report diagnostics of the package's own src/, which a consumer compiles too
 * when it resolves the package through the `@video-api/source` condition.
 */
export function typecheck(
  files: Record<string, string>,
  options: ts.CompilerOptions,
  withSource = false,
): string[] {
  const source = join(packageDir, 'src');
  const scratch = join(packageDir, 'test-results');
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, 'typecheck-'));
  try {
    const paths = Object.entries(files).map(([name, code]) => {
      const path = join(dir, name);
      writeFileSync(path, code);
      return path;
    });
    const program = ts.createProgram(paths, options);
    return ts
      .getPreEmitDiagnostics(program)
      .filter(
        (d) =>
          d.file !== undefined &&
          (paths.includes(d.file.fileName) || (withSource && d.file.fileName.startsWith(source))),
      )
      .map((d) => {
        const file = d.file as ts.SourceFile;
        const { line } = file.getLineAndCharacterOfPosition(d.start ?? 0);
        const name = file.fileName.startsWith(dir)
          ? file.fileName.slice(dir.length + 1)
          : file.fileName.slice(packageDir.length);
        return `${name}:${line + 1} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
