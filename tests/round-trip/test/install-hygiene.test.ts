/**
 * Lean installs (issue 21): each published package installed by name with npm into an empty
 * project of its own runs no install script and brings no telemetry; the client comes without
 * zod; the published manifests point only at files their tarballs hold, with no workspace-only
 * `@video-api/source` condition; the mock's `/docs` is its own reference page, from the install alone.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Consumer, createConsumer } from '../src/consumer.js';
import { type InstalledPackage, installedPackages } from '../src/install-tree.js';
import { exportTargets, inspectTarball, type Published, tarballHolds } from '../src/tarballs.js';
import { PACKAGES } from './global-setup.js';

type Name = (typeof PACKAGES)[number];
const release = inject('release');
/** Packages that no published package may bring: telemetry, and the 12 MB swagger-ui it came with. */
const NEVER = ['@scarf/scarf', 'swagger-ui-dist'];

const installs = new Map<Name, { consumer: Consumer; output: string; tree: InstalledPackage[] }>();

beforeAll(async () => {
  for (const name of PACKAGES) {
    const consumer = createConsumer(release.npmrc, `hygiene-${name.split('/')[1]}`);
    const { stdout, stderr } = await consumer.npm(['install', name]);
    installs.set(name, { consumer, output: `${stdout}\n${stderr}`, tree: installedPackages(consumer.dir) });
  }
}, 900_000);

afterAll(() => {
  for (const { consumer } of installs.values()) consumer.remove();
});

const installed = (name: Name) => {
  const found = installs.get(name);
  if (!found) throw new Error(`${name} was not installed`);
  return found;
};

describe.each(PACKAGES)('npm install %s (by name, in an empty project)', (name) => {
  it('prints no install-script warning', () => {
    const { output, tree } = installed(name);
    expect(tree.map((pkg) => pkg.name)).toContain(name);
    expect(output).not.toMatch(/install[- ]scripts?/i);
  });

  it('installs no package that declares an install script', () => {
    const { tree } = installed(name);
    const withScripts = tree.filter((pkg) => pkg.installScripts.length > 0);
    expect(withScripts.map((pkg) => `${pkg.path}: ${pkg.installScripts.join(', ')}`)).toEqual([]);
  });

  it(`brings none of ${NEVER.join(', ')}`, () => {
    const names = installed(name).tree.map((pkg) => pkg.name);
    expect(names.filter((found) => NEVER.includes(found))).toEqual([]);
  });

  it('publishes a manifest without the @video-api/source condition, every export target in its tarball', async () => {
    const pkg = release.versions[name] as Published;
    const files = await inspectTarball(pkg.tarball);
    const targets = exportTargets(pkg.manifest.exports);
    expect(targets.some(({ entry, conditions }) => entry === '.' && conditions.includes('default'))).toBe(
      true,
    );
    expect(targets.filter(({ conditions }) => conditions.includes('@video-api/source'))).toEqual([]);
    expect(targets.filter(({ target }) => !tarballHolds(files, target))).toEqual([]);
    const bins = Object.values((pkg.manifest.bin ?? {}) as Record<string, string>);
    expect(bins.filter((bin) => !tarballHolds(files, bin.startsWith('./') ? bin : `./${bin}`))).toEqual([]);
  });
});

describe('what each package brings', () => {
  it('the client comes without zod, and its entries load without it', async () => {
    const { consumer, tree } = installed('@video-api/client');
    expect(tree.map((pkg) => pkg.name)).not.toContain('zod');
    consumer.write(
      'load.mjs',
      "await import('@video-api/client');\nawait import('@video-api/client/node');\nconsole.log('loaded');\n",
    );
    expect((await consumer.node(['load.mjs'])).stdout).toContain('loaded');
  });

  it("the schema's main entry loads without zod; its ./zod entry asks for it and works once it is installed", async () => {
    const { consumer, tree } = installed('@video-api/schema');
    expect(tree.map((pkg) => pkg.name)).not.toContain('zod');
    consumer.write(
      'main.mjs',
      "const schema = await import('@video-api/schema');\nconsole.log(typeof schema.parseReadingList);\n",
    );
    expect((await consumer.node(['main.mjs'])).stdout).toContain('function');
    consumer.write(
      'zod.mjs',
      "const zod = await import('@video-api/schema/zod');\nconsole.log(typeof zod.zVideo.parse);\n",
    );
    const without = await consumer.node(['zod.mjs'], { allowFailure: true });
    expect(without.code).not.toBe(0);
    expect(without.stderr).toMatch(/Cannot find (package|module) 'zod'/);
    const schema = (release.versions['@video-api/schema'] as Published).manifest;
    const zodRange = (schema.peerDependencies as Record<string, string>).zod;
    await consumer.npm(['install', `zod@${zodRange}`]);
    expect((await consumer.node(['zod.mjs'])).stdout).toContain('function');
  });

  it('the mock and the contract suite bring zod themselves, since they validate at run time', () => {
    for (const name of ['@video-api/mock-server', '@video-api/contract'] as const) {
      expect(
        installed(name).tree.map((pkg) => pkg.name),
        name,
      ).toContain('zod');
    }
  });

  it("the mock's /docs serves its own reference page, not swagger-ui", async () => {
    const { consumer } = installed('@video-api/mock-server');
    consumer.write(
      'docs.mjs',
      [
        "import { createApp } from '@video-api/mock-server';",
        'const app = createApp();',
        "const res = await app.request('http://localhost:4010/docs');",
        'const page = await res.text();',
        // One string: console.log colours numbers and booleans where FORCE_COLOR is set (CI).
        "console.log([res.status, page.includes('data-unknown=\"status-codes\"'), page.includes('swagger-ui')].join(' '));",
        'await app.mock.close();',
      ].join('\n'),
    );
    expect((await consumer.node(['docs.mjs'])).stdout.trim()).toBe('200 true false');
  });
});
