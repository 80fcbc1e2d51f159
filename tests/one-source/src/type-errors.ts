/**
 * The type errors of some packages of a workspace, in one TypeScript program over the files of
 * their tsconfig.json (src, scripts and test). A checker keeps the files it parsed and reuses them
 * while their text is unchanged, so checking the same copy again after an edit parses only what
 * the edit touched (the libraries and the unchanged sources are parsed once).
 */
import { relative } from 'node:path';
import ts from 'typescript';
import { placeOf } from './places.js';

export interface TypeErrorAt {
  /** `file:place`, the file relative to the workspace (places.ts). */
  readonly place: string;
  readonly line: number;
  readonly message: string;
}

function configOf(path: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (parsed === undefined) throw new Error(`cannot read ${path}`);
  return parsed;
}

/** A checker of the packages `packages` (folders relative to `root`). */
export function typeChecker(root: string, packages: readonly string[]) {
  const parsed = new Map<string, { text: string; file: ts.SourceFile }>();
  return (): TypeErrorAt[] => {
    const configs = packages.map((folder) => configOf(`${root}/${folder}/tsconfig.json`));
    const options = configs[0]?.options ?? {};
    const host = ts.createCompilerHost(options);
    host.getSourceFile = (fileName, languageVersion) => {
      const text = ts.sys.readFile(fileName);
      if (text === undefined) return undefined;
      const known = parsed.get(fileName);
      if (known?.text === text) return known.file;
      const file = ts.createSourceFile(fileName, text, languageVersion);
      parsed.set(fileName, { text, file });
      return file;
    };
    const program = ts.createProgram([...new Set(configs.flatMap((c) => c.fileNames))], options, host);
    return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
      const { file, start } = diagnostic;
      if (file === undefined || start === undefined) {
        return [
          {
            place: '(program)',
            line: 0,
            message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
          },
        ];
      }
      return [
        {
          place: `${relative(root, file.fileName)}:${placeOf(file, start)}`,
          line: file.getLineAndCharacterOfPosition(start).line + 1,
          message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
        },
      ];
    });
  };
}
