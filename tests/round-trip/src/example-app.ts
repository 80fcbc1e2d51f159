/**
 * A copy of one of the repository's examples (`examples/<name>`) as a project outside the
 * workspace: its files as git knows them, the kit pinned to the versions just published (installed
 * by name from the round-trip's registry), and the reports its own test runners write.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Consumer, createConsumer } from './consumer.js';
import type { Published } from './tarballs.js';
import { REPO_ROOT } from './workspace-copy.js';

/** Copies `examples/<name>` (tracked and untracked files git does not ignore) into a new consumer. */
export function copyExample(name: string, npmrc: string, versions: Record<string, Published>): Consumer {
  const project = createConsumer(npmrc, name);
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: join(REPO_ROOT, 'examples', name),
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(project.dir, file)), { recursive: true });
    copyFileSync(join(REPO_ROOT, 'examples', name, file), join(project.dir, file));
  }
  const manifest = JSON.parse(readFileSync(join(project.dir, 'package.json'), 'utf8')) as Record<
    'dependencies' | 'devDependencies',
    Record<string, string> | undefined
  >;
  for (const group of [manifest.dependencies, manifest.devDependencies]) {
    for (const dependency of Object.keys(group ?? {})) {
      const published = versions[dependency];
      if (group && published) group[dependency] = published.version;
    }
  }
  writeFileSync(join(project.dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return project;
}

/** What a test run reported: counts of tests by outcome. */
export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The counts in a Vitest JSON report (`--reporter=json --outputFile=…`), and what each failed test said. */
export function vitestReport(file: string): RunCounts & { failures: string[] } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
  };
  const failures = report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${test.fullName}: ${test.failureMessages.join('\n').slice(0, 2000)}`),
  );
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

/** One test's result in a Playwright JSON report, with the worker slot it ran in. */
export interface PlaywrightResult {
  title: string;
  status: string;
  parallelIndex: number;
  /** What a failed attempt said. */
  error?: string;
}

interface Suite {
  specs?: {
    title: string;
    tests: { results: { status: string; parallelIndex: number; error?: { message?: string } }[] }[];
  }[];
  suites?: Suite[];
}

/** The counts and the results of a Playwright JSON report (`['json', { outputFile }]`). */
export function playwrightReport(file: string): RunCounts & { results: PlaywrightResult[] } {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: Suite[];
  };
  const results: PlaywrightResult[] = [];
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const { status, parallelIndex, error } of test.results)
          results.push({
            title: spec.title,
            status,
            parallelIndex,
            ...(error?.message ? { error: error.message.slice(0, 2000) } : {}),
          });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected, failed: unexpected + flaky, skipped, results };
}
