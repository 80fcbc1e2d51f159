#!/usr/bin/env node
/**
 * Fails when generated files differ from what is committed, i.e. the spec (or the mock console's
 * browser code) changed without regenerating. Run after `nx run-many -t generate`. Outside CI a
 * difference only warns, so that tests can run before the regenerated files are committed.
 */
import { spawnSync } from 'node:child_process';

const generated = [
  'packages/schema/src/generated',
  'packages/schema/openapi.json',
  'packages/schema/openapi.resolved.json',
  // The mock console's bundled script and style, and the interface's headings (its generate step).
  'apps/mock-server/src/generated',
];
const git = (...args) => spawnSync('git', args, { encoding: 'utf8' });
const modified = git('diff', '--name-only', '--', ...generated);
const added = git('ls-files', '--others', '--exclude-standard', '--', ...generated);
if (modified.status !== 0 || added.status !== 0) {
  console.log('check-drift: not a git checkout, skipping the comparison with committed files.');
  process.exit(0);
}
const changed = `${modified.stdout}${added.stdout}`.trim();
if (changed === '') {
  console.log('check-drift: generated files match their sources.');
  process.exit(0);
}
const message = [
  'Generated files differ from what is committed: their source (the spec, the console) changed without regenerating.',
  'Run `pnpm generate` (or `npm run generate`) and commit the result. Changed:',
  ...changed.split('\n').map((line) => `  ${line}`),
].join('\n');
if (process.env.CI) {
  console.error(message);
  spawnSync('git', ['--no-pager', 'diff', '--stat', '--', ...generated], { stdio: 'inherit' });
  process.exit(1);
}
console.warn(`warning: ${message}\n(CI fails on this; locally it is a reminder.)`);
