#!/usr/bin/env node
/**
 * The README's commands: makes sure pnpm and the dependencies are installed, then runs a task.
 *   node scripts/run.mjs start [-- args]   the main job (the mock server)
 *   node scripts/run.mjs test              every check CI runs
 *   node scripts/run.mjs contract [-- args] the contract suite (in-process mock by default)
 *   node scripts/run.mjs video-api [-- args] the client's CLI
 *   node scripts/run.mjs release [-- args]  build, version the changesets, publish (scripts/release.mjs)
 *   node scripts/run.mjs bench|soak|fuzz [-- args] benchmarks (bench/), the soak and full fuzz runs (tests/reliability)
 *   node scripts/run.mjs <cmd…>            any workspace command, e.g. `nx run-many -t build`
 * Works on a machine with only Node and npm: pnpm is installed into .tools/ when missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PNPM_VERSION = '10.34.9';
const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env, NX_NO_CLOUD: 'true', NX_TUI: 'false' };

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function must(command, args) {
  const status = run(command, args);
  if (status !== 0) process.exit(status);
}

function pnpmVersion() {
  const result = spawnSync('pnpm', ['--version'], { env, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function ensurePnpm() {
  if (pnpmVersion()?.startsWith('10.')) return;
  const tools = join(root, '.tools');
  env.PATH = `${join(tools, 'node_modules', '.bin')}${delimiter}${env.PATH}`;
  if (pnpmVersion() === PNPM_VERSION) return;
  console.log(`› installing pnpm ${PNPM_VERSION} into .tools/`);
  must('npm', ['install', '--prefix', tools, '--no-save', '--no-audit', '--no-fund', `pnpm@${PNPM_VERSION}`]);
}

/**
 * Native addons (better-sqlite3) build from source where no prebuilt binary can be fetched.
 * node-gyp downloads Node's headers unless told where they are: Node installs ship them under
 * <prefix>/include/node, so point it there when nothing else is configured (works offline).
 */
function useLocalNodeHeaders() {
  if (env.npm_config_nodedir) return;
  const prefix = join(process.execPath, '..', '..');
  if (existsSync(join(prefix, 'include', 'node', 'node_api.h'))) env.npm_config_nodedir = prefix;
}

function ensureDependencies() {
  const installed = join(root, 'node_modules', '.pnpm', 'lock.yaml');
  const lockfile = join(root, 'pnpm-lock.yaml');
  if (existsSync(installed) && readFileSync(installed, 'utf8') === readFileSync(lockfile, 'utf8')) return;
  console.log('› installing dependencies');
  useLocalNodeHeaders();
  must('pnpm', ['install', '--frozen-lockfile']);
}

/**
 * Installs Debian's `pkg` for the tests when `present()` says it is missing and we may (root, apt);
 * elsewhere says which tests will fail. Debian's lists are refreshed once per run.
 */
let aptUpdated = false;
function ensureDebianPackage(pkg, present, what) {
  if (present()) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || spawnSync('apt-get', ['--version']).status !== 0) {
    console.warn(`› ${pkg} not found: ${what} will fail.`);
    return;
  }
  console.log(`› installing ${pkg} for ${what} (Debian package)`);
  if (!aptUpdated) must('apt-get', ['update', '-qq']);
  aptUpdated = true;
  must('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg]);
}

const works = (command, args) => spawnSync(command, args).status === 0;

function ensureTestTools() {
  // Chromium: the browser tests (Debian's; CHROMIUM_PATH names another one).
  ensureDebianPackage(
    'chromium',
    () => Boolean(process.env.CHROMIUM_PATH) || existsSync('/usr/bin/chromium'),
    'the browser tests',
  );
  // ffmpeg and ffprobe: the playback tests watch video with them.
  ensureDebianPackage(
    'ffmpeg',
    () => works('ffmpeg', ['-version']) && works('ffprobe', ['-version']),
    'the playback tests',
  );
  // jq: the contract's reports are read with it, as teams read them.
  ensureDebianPackage('jq', () => works('jq', ['--version']), "the contract reports' jq check");
  // Java: Specmatic (the interop tests) runs a jar.
  ensureDebianPackage('openjdk-17-jre-headless', () => works('java', ['-version']), 'the Specmatic interop tests');
  // openssl: the contract's deployment tests make a self-signed certificate for their HTTPS proxy.
  ensureDebianPackage('openssl', () => works('openssl', ['version']), "the contract's HTTPS deployment tests");
}

/**
 * Runs a package's command from its TypeScript sources (no build needed): Node resolves the
 * workspace packages to their sources and tsx compiles on the fly. Published packages run their
 * built bins instead. Forwards signals; exits with the command's code.
 */
function runSource(entry, args) {
  // Relative paths in arguments are the user's: run where the user ran pnpm/npm, not at the root.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  // tsx by its address (resolved from here, after the install): `--import tsx` would be looked up
  // from the user's folder, which may be outside the workspace (`pnpm --dir … contract`).
  const tsx = import.meta.resolve('tsx');
  const nodeArgs = ['--conditions=@video-api/source', '--import', tsx, join(root, entry), ...args];
  const child = spawn(process.execPath, nodeArgs, { cwd, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const [task = 'test', ...rest] = process.argv.slice(2);
const args = rest[0] === '--' ? rest.slice(1) : rest;

ensurePnpm();
ensureDependencies();

const nx = (...nxArgs) => must('pnpm', ['exec', 'nx', ...nxArgs]);

switch (task) {
  case 'start':
    runSource('apps/mock-server/src/node/bin.ts', args);
    break;
  case 'contract':
    runSource('packages/contract/src/cli/run.ts', args);
    break;
  case 'video-api':
    runSource('packages/client/src/cli/bin.ts', args);
    break;
  case 'spec':
    runSource('packages/schema/src/cli/bin.ts', args);
    break;
  case 'bench':
    nx('run', '@video-api/mock-server:build'); // the benchmarks run the mock's command as published
    must('pnpm', ['--filter', '@video-api/bench', 'run', 'bench', ...args]);
    break;
  case 'release':
    must('node', ['scripts/release.mjs', ...args]);
    break;
  case 'soak':
  case 'fuzz':
    must('pnpm', ['--filter', '@video-api/reliability', 'run', task, ...args]);
    break;
  case 'test':
    ensureTestTools();
    nx('run-many', '-t', 'generate');
    must('node', ['scripts/check-drift.mjs']);
    nx('run-many', '-t', 'lint', 'typecheck', 'test', 'build', 'check-package', 'size');
    break;
  default:
    must('pnpm', ['exec', task, ...args]);
}
