/**
 * The package root in a browser bundle (issue 35's acceptance): `esbuild --bundle --platform=browser`
 * of `@video-api/mock-server`, resolved through package.json's exports as a bundler does (the
 * `browser` condition), succeeds with no Node built-in and none of the Node adapters or Node-only
 * packages; the same bundle under the `node` condition does reach them (so the check can fail).
 */
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const NODE_ONLY =
  /(^|\/)src\/node\/|node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(busboy|better-sqlite3|@hono\/node-server)\//;

/** Bundles the root for `platform` (the package resolves itself by name, through its exports). */
async function bundleRoot(platform: 'browser' | 'node'): Promise<Metafile> {
  const result = await build({
    stdin: { contents: "export * from '@video-api/mock-server';", resolveDir: packageDir, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform,
    // In the repository, packages resolve to their sources (the condition package.json lists first).
    conditions: ['@video-api/source'],
    external: platform === 'node' ? ['better-sqlite3', 'hls.js', '@ffmpeg-installer/ffmpeg'] : [],
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

describe('the package root in a browser bundle', () => {
  it('bundles for the browser with no Node built-in and nothing of the Node adapters', async () => {
    const metafile = await bundleRoot('browser');
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((input) => input.endsWith('src/index.ts'))).toBe(true);
    expect(inputs.filter((input) => input.startsWith('node:') || NODE_ONLY.test(input))).toEqual([]);
    const imports = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([]);
  });

  it('under the node condition the same import reaches Node (the check above can fail)', async () => {
    const metafile = await bundleRoot('node');
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((input) => input.endsWith('src/node/root.ts'))).toBe(true);
    expect(inputs.filter((input) => NODE_ONLY.test(input)).length).toBeGreaterThan(0);
  });
});
