import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));

async function inputsOf(path: string, platform: 'browser' | 'node') {
  const result = await build({
    entryPoints: [entry(path)],
    bundle: true,
    format: 'esm',
    platform,
    write: false,
    metafile: true,
    conditions: ['@video-api/source'],
    logLevel: 'silent',
  });
  const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
  return { files: Object.keys(result.metafile.inputs), imports };
}

describe('the package entries', () => {
  it('keeps the main entry free of Node-only imports, so it bundles for browsers', async () => {
    const { files, imports } = await inputsOf('../src/index.ts', 'browser');
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([]);
    expect(files.some((file) => file.includes('/node/') || file.includes('/cli/'))).toBe(false);
  });

  it('puts file paths and node:http behind @video-api/client/node', async () => {
    const { imports } = await inputsOf('../src/node.ts', 'node');
    expect(imports).toEqual(expect.arrayContaining(['node:fs', 'node:http', 'node:https']));
  });
});
