/**
 * 10. Install size: each published package installed by name with npm into an empty project, as
 * another team installs it: the size of its node_modules on disk and the number of packages in it,
 * against a budget per package. The tarballs are what a release publishes (`pnpm release -- --pack`:
 * built, no `@video-api/source` condition); npm takes every `@video-api/*` package from them (an
 * override) and everything else from the registry.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exec } from '@video-api/test-support';
import { REPO_DIR, TMP_DIR } from '../lib/paths.js';
import { figure } from '../lib/stats.js';
import type { Benchmark, Figure } from '../lib/types.js';

/** The budget of each published package: MiB of node_modules, and packages in it (itself included). */
const BUDGETS = {
  '@video-api/schema': { mib: 1.5, packages: 1 },
  '@video-api/client': { mib: 3, packages: 4 },
  '@video-api/contract': { mib: 16, packages: 8 },
  '@video-api/mock-server': { mib: 20, packages: 8 },
} as const;
type Published = keyof typeof BUDGETS;

const tarballName = (name: string) => `${name.slice(1).replace('/', '-')}-`;

/** What npm installs for `name`: KiB on disk, the packages, and the largest folders of node_modules. */
async function install(
  name: Published,
  packs: string,
): Promise<{ kib: number; packages: string[]; largest: string }> {
  const files = readdirSync(packs);
  const tarball = (of: string) => {
    const file = files.find((entry) => entry.startsWith(tarballName(of)) && entry.endsWith('.tgz'));
    if (file === undefined) throw new Error(`no tarball of ${of} in ${packs} (${files.join(', ')})`);
    return `file:${join(packs, file)}`;
  };
  const dir = join(TMP_DIR, `install-${name.slice(1).replace('/', '-')}`);
  mkdirSync(dir, { recursive: true });
  const overrides = Object.fromEntries(Object.keys(BUDGETS).map((other) => [other, tarball(other)]));
  const manifest = {
    name: 'install-size',
    version: '1.0.0',
    private: true,
    dependencies: { [name]: tarball(name) },
    overrides,
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await exec('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, timeoutMs: 600_000 });
  const { stdout: du } = await exec('du', ['-sk', 'node_modules'], { cwd: dir });
  const { stdout: listed } = await exec('npm', ['ls', '--all', '--parseable'], { cwd: dir });
  const packages = listed
    .split('\n')
    .filter((line) => line.includes('node_modules'))
    .map((line) => line.slice(line.lastIndexOf('node_modules/') + 'node_modules/'.length));
  const modules = join(dir, 'node_modules');
  const folders = readdirSync(modules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) =>
      entry.startsWith('@') ? readdirSync(join(modules, entry)).map((inner) => `${entry}/${inner}`) : [entry],
    );
  const { stdout: sizes } = await exec('du', ['-sk', ...folders], { cwd: modules });
  const largest = sizes
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .sort(([a], [b]) => Number(b) - Number(a))
    .slice(0, 3)
    .map(([kib, path]) => `${path} ${(Number(kib) / 1024).toFixed(1)} MiB`)
    .join(', ');
  return { kib: Number(du.split('\t')[0]), packages, largest };
}

export const installSize: Benchmark = {
  name: 'install-size',
  title: 'Install size (npm install of each published package by name into an empty project)',
  async run({ log }) {
    const packs = join(TMP_DIR, 'packs');
    log('  packing the published packages (pnpm release -- --pack)');
    await exec('node', ['scripts/run.mjs', 'release', '--', '--pack', packs], {
      cwd: REPO_DIR,
      timeoutMs: 900_000,
    });
    const figures: Figure[] = [];
    const notes: string[] = [];
    for (const [name, budget] of Object.entries(BUDGETS) as [Published, (typeof BUDGETS)[Published]][]) {
      const measured = await install(name, packs);
      const mib = Math.round((measured.kib / 1024) * 100) / 100;
      log(`  ${name}: ${mib} MiB, ${measured.packages.length} packages`);
      figures.push(
        figure({
          name: `${name}: node_modules on disk`,
          unit: 'MiB',
          better: 'lower',
          runs: [mib],
          target: { text: `at most ${budget.mib} MiB`, on: 'value', kind: 'max', bound: budget.mib },
        }),
        figure({
          name: `${name}: packages installed`,
          unit: 'packages',
          better: 'lower',
          runs: [measured.packages.length],
          target: { text: `at most ${budget.packages}`, on: 'value', kind: 'max', bound: budget.packages },
        }),
      );
      notes.push(`${name}: ${measured.packages.join(', ')}; largest folders: ${measured.largest}.`);
    }
    return {
      setup:
        'The tarballs of `pnpm release -- --pack` (what a release publishes); for each package an empty npm project whose one dependency is it, every `@video-api/*` package overridden to its tarball, the rest from the registry: `npm install`, then `du -sk node_modules` and the packages `npm ls --all --parseable` lists. Sizes are what the files take on this disk (blocks, not bytes). One run: an install is not a timing.',
      figures,
      notes,
    };
  },
};
