/**
 * The generic tools and where their entry files are. Redocly is a devDependency; Prism, Portman and
 * newman are installed once into the per-user tool cache (Prism 5.16 declares Node >= 24.18, which
 * `pnpm install --engine-strict` refuses; Portman and newman bring ~290 packages the workspace does
 * not need otherwise).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cachedInstall } from '@video-api/test-support';

const PRISM_VERSION = '5.16.0';
const PORTMAN_VERSION = '1.33.0';
const NEWMAN_VERSION = '6.2.2';
/** Portman 1.33.0 requires `tslib` without declaring it: installed beside it. */
const TSLIB_VERSION = '2.9.1';

const require = createRequire(import.meta.url);

/** One install per tool and process: two servers started at once must not install into one folder twice. */
const installs = new Map<string, Promise<string>>();
function install(name: string, packages: string[]): Promise<string> {
  const pending = installs.get(name) ?? cachedInstall(name, packages);
  installs.set(name, pending);
  return pending;
}

/** Redocly's CLI entry (the devDependency; runs on Node 20). */
export function redoclyEntry(): string {
  return join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
}

/** Prism's CLI entry, installed on first use. */
export async function prismEntry(): Promise<string> {
  const dir = await install(`prism-cli-${PRISM_VERSION}`, [`@stoplight/prism-cli@${PRISM_VERSION}`]);
  return join(dir, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
}

/** Portman's and newman's CLI entries (one install), installed on first use. */
export async function portmanEntries(): Promise<{ portman: string; newman: string }> {
  const dir = await install(`portman-${PORTMAN_VERSION}`, [
    `@apideck/portman@${PORTMAN_VERSION}`,
    `tslib@${TSLIB_VERSION}`,
    `newman@${NEWMAN_VERSION}`,
  ]);
  return {
    portman: join(dir, 'node_modules', '@apideck', 'portman', 'bin', 'portman'),
    newman: join(dir, 'node_modules', 'newman', 'bin', 'newman.js'),
  };
}
