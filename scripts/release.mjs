#!/usr/bin/env node
/**
 * `pnpm release [-- --registry URL] [--tag TAG] [--dry-run]`: builds every public package, turns
 * the pending changesets into versions and CHANGELOGs, and publishes every public package whose
 * version is not yet in the registry (pnpm replaces `workspace:` ranges with the real versions).
 * Commit the versions and CHANGELOGs it writes afterwards. Run through scripts/run.mjs, which makes
 * sure pnpm and the dependencies are installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));

const USAGE = `usage: pnpm release [-- --registry URL] [--tag TAG] [--dry-run]
  --registry URL  publish there instead of the configured registry (auth: an _authToken for it in .npmrc)
  --tag TAG       the dist-tag to publish under (default: latest)
  --dry-run       version and pack, but publish nothing`;

function fail(message) {
  console.error(`release: ${message}\n${USAGE}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      registry: { type: 'string' },
      tag: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  fail(error.message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.registry !== undefined) {
  try {
    const url = new URL(values.registry);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    fail(`--registry: "${values.registry}" is not accepted (an http:// or https:// URL)`);
  }
}

function must(command, args) {
  console.log(`› ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The workspace's public packages (not `private`), by name. */
function publicPackages() {
  const names = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(root, group))) {
      const manifest = join(root, group, entry, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, private: isPrivate } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (!isPrivate) names.push(name);
    }
  }
  return names;
}

const pending = readdirSync(join(root, '.changeset')).filter((file) => file.endsWith('.md') && file !== 'README.md');
const packages = publicPackages();

must('pnpm', ['exec', 'nx', 'run-many', '-t', 'build', `--projects=${packages.join(',')}`]);
if (pending.length > 0) must('pnpm', ['exec', 'changeset', 'version']);
else console.log('› no pending changesets: publishing the current versions');
must('pnpm', [
  'publish',
  '--recursive',
  ...packages.flatMap((name) => ['--filter', name]),
  '--access',
  'public',
  '--no-git-checks',
  ...(values.registry ? ['--registry', values.registry] : []),
  ...(values.tag ? ['--tag', values.tag] : []),
  ...(values['dry-run'] ? ['--dry-run'] : []),
]);
