/** What a registry holds of a package: its latest manifest and the file list of its tarball. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exec } from '@video-api/test-support';

export interface Published {
  version: string;
  tarball: string;
  manifest: Record<string, unknown>;
}

/** The `latest` version of `name` in the registry at `url`. */
export async function published(url: string, name: string): Promise<Published> {
  const response = await fetch(`${url}/${name.replace('/', '%2f')}`);
  if (!response.ok) throw new Error(`${name} is not in the registry (${response.status})`);
  const document = (await response.json()) as {
    'dist-tags': { latest: string };
    versions: Record<string, Record<string, unknown> & { dist: { tarball: string } }>;
  };
  const version = document['dist-tags'].latest;
  const manifest = document.versions[version];
  if (!manifest) throw new Error(`${name}@${version} has no manifest`);
  return { version, tarball: manifest.dist.tarball, manifest };
}

/** The paths inside the tarball at `url` (`package/…`). */
export async function inspectTarball(url: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'video-api-tarball-'));
  try {
    const file = join(dir, 'package.tgz');
    writeFileSync(file, new Uint8Array(await (await fetch(url)).arrayBuffer()));
    const { stdout } = await exec('tar', ['-tzf', file], { cwd: dir });
    return stdout.split('\n').filter((line) => line && !line.endsWith('/'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One target of an `exports` map: the entry, the conditions that lead to it, the file. */
export interface ExportTarget {
  entry: string;
  conditions: string[];
  target: string;
}

/**
 * Every file an `exports` map points at, with the conditions on the way (a string map is the `.`
 * entry; nested conditions and fallback arrays are followed).
 *
 * @example
 * exportTargets({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
 * // [{ entry: '.', conditions: ['types'], target: './dist/index.d.ts' }, { …, conditions: ['default'], … }]
 */
export function exportTargets(exports: unknown): ExportTarget[] {
  const found: ExportTarget[] = [];
  const visit = (entry: string, node: unknown, conditions: string[]) => {
    if (typeof node === 'string') found.push({ entry, conditions, target: node });
    else if (Array.isArray(node)) for (const item of node) visit(entry, item, conditions);
    else if (node !== null && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) visit(entry, value, [...conditions, key]);
  };
  const isEntryMap =
    exports !== null &&
    typeof exports === 'object' &&
    !Array.isArray(exports) &&
    Object.keys(exports).every((key) => key.startsWith('.'));
  if (isEntryMap) for (const [entry, node] of Object.entries(exports)) visit(entry, node, []);
  else visit('.', exports, []);
  return found;
}

/** Whether a tarball's files (`package/…`) hold `target` (`./dist/x.js`; a `*` matches any path). */
export function tarballHolds(files: readonly string[], target: string): boolean {
  const path = `package/${target.replace(/^\.\//, '')}`;
  if (!path.includes('*')) return files.includes(path);
  const [before = '', after = ''] = path.split('*');
  return files.some(
    (file) => file.startsWith(before) && file.endsWith(after) && file.length > path.length - 1,
  );
}
