/**
 * Typechecks scratch files beside the mock's sources, under the package's own tsconfig (so
 * `@video-api/schema` resolves to its sources): written under test-results/ (which git, Biome
 * and tsc leave alone) and compiled with the TypeScript API, optionally with the text of some files
 * replaced (a scratch spec change in generated code). Returns the diagnostics of the scratch files
 * and of src/, as `file:line TScode: message`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const packageDir = fileURLToPath(new URL('../../', import.meta.url));

function packageOptions(): ts.CompilerOptions {
  const configPath = join(packageDir, 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, packageDir, { noEmit: true }, configPath).options;
}

/**
 * Compiles `files` (name → text; they may import `../../src/…`) with the mock's compiler options,
 * each file of `replaced` (absolute path → text) read as that text.
 *
 * @example
 * typecheck({ 'scratch.ts': "import '../../src/mock-instance.js';" }); // [] while src/ compiles
 */
export function typecheck(files: Record<string, string>, replaced: Record<string, string> = {}): string[] {
  const scratch = join(packageDir, 'test-results');
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, 'typecheck-'));
  try {
    const paths = Object.entries(files).map(([name, text]) => {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    });
    const options = packageOptions();
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, language, ...rest) => {
      const text = replaced[fileName];
      return text === undefined
        ? read(fileName, language, ...rest)
        : ts.createSourceFile(fileName, text, language);
    };
    const program = ts.createProgram(paths, options, host);
    const source = join(packageDir, 'src');
    return ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && (paths.includes(d.file.fileName) || d.file.fileName.startsWith(source)))
      .map((d) => {
        const file = d.file as ts.SourceFile;
        const { line } = file.getLineAndCharacterOfPosition(d.start ?? 0);
        const name = file.fileName.startsWith(dir)
          ? relative(dir, file.fileName)
          : relative(packageDir, file.fileName);
        return `${name}:${line + 1} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
