#!/usr/bin/env node
/**
 * `pnpm release [-- --registry URL] [--tag TAG] [--dry-run]`: builds every public package, turns
 * the pending changesets into versions and CHANGELOGs, and publishes every public package whose
 * version is not yet in the registry (pnpm replaces `workspace:` ranges with the real versions).
 * Commit the versions and CHANGELOGs it writes afterwards. Run through scripts/run.mjs, which makes
 * sure pnpm and the dependencies are installed.
 * `pnpm release -- --pack DIR` builds and packs the current versions into DIR instead (the tarballs
 * a release would publish; the bench's install sizes use them), versioning and publishing nothing.
 * What is published carries no `@video-api/source` export condition: inside the workspace it points
 * at the TypeScript sources, which the tarballs do not hold. The manifests are rewritten without it
 * for the publish (or pack) and restored afterwards.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));

const USAGE = `usage: pnpm release [-- --registry URL] [--tag TAG] [--dry-run] | [-- --pack DIR]
  --registry URL  publish there instead of the configured registry (auth: an _authToken for it in .npmrc)
  --tag TAG       the dist-tag to publish under (default: latest)
  --dry-run       version and pack, but publish nothing
  --pack DIR      build and pack the current versions into DIR (no versioning, no publishing)`;

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
      pack: { type: 'string' },
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

if (values.pack !== undefined && (values.registry || values.tag || values['dry-run'])) {
  fail('--pack packs only: it takes no --registry, --tag or --dry-run');
}

/** Runs a command to its end; its exit status, or an exit of this script where it failed to start. */
function run(command, args, cwd = root) {
  console.log(`› ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function must(command, args, cwd = root) {
  const status = run(command, args, cwd);
  if (status !== 0) process.exit(status);
}

/** The workspace's public packages (not `private`): name and folder. */
function publicPackages() {
  const packages = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(root, group))) {
      const manifest = join(root, group, entry, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, private: isPrivate } = JSON.parse(readFileSync(manifest, 'utf8'));
      if (!isPrivate) packages.push({ name, dir: join(root, group, entry) });
    }
  }
  return packages;
}

const SOURCE_CONDITION = '@video-api/source';

/** An `exports` value without the workspace's source condition, at any depth. */
function withoutSourceCondition(value) {
  if (Array.isArray(value)) return value.map(withoutSourceCondition);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, inner]) => [key, withoutSourceCondition(inner)]),
  );
}

/**
 * Runs `action` (which returns an exit status) with every manifest's `exports` stripped of the
 * source condition, then puts the manifests back as they were, on an interrupt too.
 */
function withPublishedManifests(dirs, action) {
  const originals = dirs.map((dir) => [
    join(dir, 'package.json'),
    readFileSync(join(dir, 'package.json'), 'utf8'),
  ]);
  const restore = () => {
    for (const [file, text] of originals) writeFileSync(file, text);
  };
  const interrupted = (signal) => {
    restore();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let status;
  try {
    for (const [file, text] of originals) {
      const manifest = JSON.parse(text);
      if (manifest.exports !== undefined) manifest.exports = withoutSourceCondition(manifest.exports);
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    }
    status = action();
  } finally {
    restore();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
  if (status !== 0) process.exit(status);
}

const pending = readdirSync(join(root, '.changeset')).filter(
  (file) => file.endsWith('.md') && file !== 'README.md',
);
const packages = publicPackages();
const dirs = packages.map(({ dir }) => dir);

must('pnpm', [
  'exec',
  'nx',
  'run-many',
  '-t',
  'build',
  `--projects=${packages.map(({ name }) => name).join(',')}`,
]);
if (values.pack !== undefined) {
  const destination = resolve(values.pack);
  mkdirSync(destination, { recursive: true });
  withPublishedManifests(dirs, () => {
    for (const dir of dirs) {
      const status = run('pnpm', ['pack', '--pack-destination', destination], dir);
      if (status !== 0) return status;
    }
    return 0;
  });
  process.exit(0);
}
if (pending.length > 0) must('pnpm', ['exec', 'changeset', 'version']);
else console.log('› no pending changesets: publishing the current versions');
withPublishedManifests(dirs, () =>
  run('pnpm', [
    'publish',
    '--recursive',
    ...packages.flatMap(({ name }) => ['--filter', name]),
    '--access',
    'public',
    '--no-git-checks',
    ...(values.registry ? ['--registry', values.registry] : []),
    ...(values.tag ? ['--tag', values.tag] : []),
    ...(values['dry-run'] ? ['--dry-run'] : []),
  ]),
);
