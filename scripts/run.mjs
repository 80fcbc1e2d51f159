#!/usr/bin/env node
/**
 * The README's commands: makes sure pnpm and the dependencies are installed, then runs a task.
 *   node scripts/run.mjs start [-- args]   the main job (the mock server)
 *   node scripts/run.mjs test              every check CI runs
 *   node scripts/run.mjs <cmd…>            any workspace command, e.g. `nx run-many -t build`
 * Works on a machine with only Node and npm: pnpm is installed into .tools/ when missing.
 */
import { spawnSync } from 'node:child_process';
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

function ensureDependencies() {
  const installed = join(root, 'node_modules', '.pnpm', 'lock.yaml');
  const lockfile = join(root, 'pnpm-lock.yaml');
  if (existsSync(installed) && readFileSync(installed, 'utf8') === readFileSync(lockfile, 'utf8')) return;
  console.log('› installing dependencies');
  must('pnpm', ['install', '--frozen-lockfile']);
}

const [task = 'test', ...rest] = process.argv.slice(2);
const args = rest[0] === '--' ? rest.slice(1) : rest;

ensurePnpm();
ensureDependencies();

const nx = (...nxArgs) => must('pnpm', ['exec', 'nx', ...nxArgs]);

switch (task) {
  case 'start':
    nx('run-many', '-t', 'generate');
    nx('run', '@video-api/spec:docs');
    console.log(`\nAPI reference: ${join(root, 'spec', 'dist', 'reference.html')}`);
    break;
  case 'test':
    nx('run-many', '-t', 'generate');
    must('node', ['scripts/check-drift.mjs']);
    nx('run-many', '-t', 'lint', 'typecheck', 'test', 'build', 'check-package');
    break;
  default:
    must('pnpm', ['exec', task, ...args]);
}
