#!/usr/bin/env node
/** Sums every vitest JSON report of the workspace into the line CI reads: `N passed, N failed, N skipped`. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const projects = ['packages', 'apps', 'tests']
  .flatMap((group) =>
    existsSync(join(root, group)) ? readdirSync(join(root, group)).map((name) => join(group, name)) : [],
  )
  .concat(['spec', 'bench']);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const project of projects) {
  const report = join(root, project, 'test-results', 'vitest.json');
  if (!existsSync(report)) continue;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests + (json.numRuntimeErrors ?? 0);
  skipped += json.numPendingTests + json.numTodoTests;
  console.log(`${project}: ${json.numPassedTests} passed, ${json.numFailedTests} failed`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
