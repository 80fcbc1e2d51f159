/**
 * The public surface of each entry, counted: runtime exports (what `import()` gives) and type-only
 * exports (what the compiler sees), held to a budget, so that an entry exports what a user imports.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { consumerOptions } from './support/typecheck.js';

const MAIN_BUDGET = 40;
/** What Node adds to the main entry; `createVideoApiClient` is its own (its uploads take file paths). */
const NODE_ADDITIONS = [
  'FileSource',
  'NodeUploadSource',
  'createVideoApiClient',
  'jsonFileLedger',
  'nodeHttpTransport',
];

const entries = {
  main: fileURLToPath(new URL('../src/index.ts', import.meta.url)),
  node: fileURLToPath(new URL('../src/node.ts', import.meta.url)),
};
const program = ts.createProgram(Object.values(entries), { ...consumerOptions, noEmit: true });
const checker = program.getTypeChecker();

/** The names an entry exports that have no runtime value (interfaces, type aliases, `export type`). */
function typeExports(file: string): string[] {
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  if (module === undefined) throw new Error(`${file}: not a module the compiler could read`);
  return checker
    .getExportsOfModule(module)
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) === 0;
    })
    .map((symbol) => symbol.name)
    .sort();
}

async function surfaceOf(entry: keyof typeof entries) {
  const runtime = Object.keys(await import(entries[entry])).sort();
  const types = typeExports(entries[entry]);
  return { runtime, types, all: [...runtime, ...types].sort() };
}

describe('the surface of the entries', () => {
  it(`keeps the main entry to ${MAIN_BUDGET} names, runtime and types together`, async () => {
    const { runtime, types, all } = await surfaceOf('main');
    expect(runtime.length).toBeGreaterThan(0);
    expect(types.length).toBeGreaterThan(0);
    expect(all.length, `main exports ${all.length}: ${all.join(', ')}`).toBeLessThanOrEqual(MAIN_BUDGET);
  });

  it('has /node export only what Node adds, nothing of the main entry again', async () => {
    const node = await surfaceOf('node');
    const main = await surfaceOf('main');
    expect(node.all).toEqual([...NODE_ADDITIONS].sort());
    const again = node.all.filter((name) => main.all.includes(name) && name !== 'createVideoApiClient');
    expect(again).toEqual([]);
  });

  it('counts type-only exports apart from runtime ones', async () => {
    const { runtime, types } = await surfaceOf('main');
    expect(runtime).toContain('createVideoApiClient');
    expect(types).toContain('VideoApiClient');
    expect(types.filter((name) => runtime.includes(name))).toEqual([]);
  });
});
