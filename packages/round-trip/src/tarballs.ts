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
