/**
 * Each entry of the package exports what its users import, counted: runtime names (what `import()`
 * gives) and type-only names (what the compiler sees), against the lists below, so a new export is
 * a reviewed change of this file. The root is the same under every condition: its Node file
 * (src/node/root.ts, the `node` condition) exports exactly the names of the neutral one
 * (src/index.ts, `browser` and `default`); package.json points the conditions at those files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const source = (path: string) => join(packageDir, 'src', path);

const ROOT_RUNTIME = [
  'DEFAULT_TOKEN',
  'OptionError',
  'READINGS_RESPONSE_HEADER',
  'READING_REQUEST_HEADER',
  'createApp',
];
const ROOT_TYPES = [
  'FieldDefinition',
  'FieldKind',
  'FieldValue',
  'JournalBody',
  'JournalEntry',
  'JournalExchange',
  'JournalFilter',
  'JournalMessage',
  'JournalRecord',
  'LogLevel',
  'MockApp',
  'MockControl',
  'MockOptions',
  'Phase',
  'SandboxControl',
  'SeedVideo',
  'StateControl',
  'StoredSource',
  'TwinReport',
  'UploadPart',
  'UploadSummary',
  'VideoEvent',
  'VideoRecord',
];
/** What `./node` adds to the root's names. */
const NODE_RUNTIME = ['seededRandom', 'settleRequestShapes', 'startServer'];
const NODE_TYPES = ['RunningServer', 'ServerOptions', 'TranscodeOptions'];
const MSW_RUNTIME = [
  'DEFAULT_TOKEN',
  'OptionError',
  'READINGS_RESPONSE_HEADER',
  'READING_REQUEST_HEADER',
  'openConsole',
  'videoApiHandlers',
];
const MSW_TYPES = [
  'MockApp',
  'MockConsole',
  'MockControl',
  'MockOptions',
  'OpenConsoleOptions',
  'SeedVideo',
  'VideoApiHandlers',
  'VideoApiHandlersOptions',
  'VideoEvent',
];

const entries = {
  root: source('index.ts'),
  rootUnderNode: source('node/root.ts'),
  node: source('node/index.ts'),
  portable: source('portable.ts'),
  msw: source('msw.ts'),
};

const configPath = join(packageDir, 'tsconfig.json');
const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
const options = ts.parseJsonConfigFileContent(
  config,
  ts.sys,
  packageDir,
  { noEmit: true },
  configPath,
).options;
const program = ts.createProgram(Object.values(entries), options);
const checker = program.getTypeChecker();

/** Every name an entry exports, as the compiler sees it (values and types). */
function compilerExports(file: string): string[] {
  const module = checker.getSymbolAtLocation(program.getSourceFile(file) as ts.SourceFile);
  if (module === undefined) throw new Error(`${file}: not a module the compiler could read`);
  return checker.getExportsOfModule(module).map((symbol) => symbol.name);
}

/** Runtime names (what `import()` gives), and type names: the compiler's others. */
async function surfaceOf(entry: keyof typeof entries) {
  const runtime = Object.keys(await import(entries[entry])).sort();
  const types = compilerExports(entries[entry]).filter((name) => !runtime.includes(name));
  return { runtime, types: types.sort() };
}

const sorted = (...lists: string[][]) => lists.flat().sort();

describe('the entries of the mock', () => {
  it('the root exports createApp, its errors and header names, and the types of its API', async () => {
    expect(await surfaceOf('root')).toEqual({ runtime: sorted(ROOT_RUNTIME), types: sorted(ROOT_TYPES) });
  });

  it('the root under Node exports the same names, createApp with the same type', async () => {
    expect(await surfaceOf('rootUnderNode')).toEqual(await surfaceOf('root'));
    const typeOf = (file: string) => {
      const module = checker.getSymbolAtLocation(program.getSourceFile(file) as ts.SourceFile);
      const createApp = checker.getExportsOfModule(module as ts.Symbol).find((s) => s.name === 'createApp');
      return checker.typeToString(checker.getTypeOfSymbol(createApp as ts.Symbol));
    };
    expect(typeOf(entries.rootUnderNode)).toBe(typeOf(entries.root));
  });

  it('./node adds the server, the settling, the seeded random and the Node-only options', async () => {
    expect(await surfaceOf('node')).toEqual({
      runtime: sorted(ROOT_RUNTIME, NODE_RUNTIME),
      types: sorted(ROOT_TYPES, NODE_TYPES),
    });
  });

  it('./portable is an alias of the neutral root, ./msw exports its handlers, the console and what they take', async () => {
    expect(await surfaceOf('portable')).toEqual(await surfaceOf('root'));
    expect(await surfaceOf('msw')).toEqual({ runtime: sorted(MSW_RUNTIME), types: sorted(MSW_TYPES) });
  });

  it('package.json points each condition at those files, the source condition first', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    const root = manifest.exports['.'];
    expect(Object.keys(root)).toEqual(['@video-api/source', 'types', 'node', 'browser', 'default']);
    expect(root['@video-api/source']).toEqual({ node: './src/node/root.ts', default: './src/index.ts' });
    expect([root.node, root.browser, root.default]).toEqual([
      './dist/node/root.js',
      './dist/index.js',
      './dist/index.js',
    ]);
    expect(manifest.exports['./node']['@video-api/source']).toBe('./src/node/index.ts');
    expect(Object.keys(manifest.exports)).toEqual(['.', './node', './portable', './msw', './package.json']);
  });
});
