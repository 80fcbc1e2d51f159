/**
 * The example app (`examples/upload-page`) as a team has it: copied outside the workspace, the kit
 * installed by name from the round-trip's registry (everything else from the usual registry), then
 * its own test suites: Vitest on jsdom, happy-dom and Node with the mock's msw handlers, and
 * Playwright (4 workers, each in a sandbox of one `npx video-api-mock`) on the machine's Chromium;
 * then the same Playwright suite against three installed mocks on one PostgreSQL database behind nginx.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@video-api/test-support';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startBalancedMocks } from '../src/balanced-mocks.js';
import type { Consumer } from '../src/consumer.js';
import { copyExample, playwrightReport, vitestReport } from '../src/example-app.js';
import { processesUnder } from '../src/processes.js';

const release = inject('release');
let app: Consumer;

beforeAll(async () => {
  app = copyExample('upload-page', release.npmrc, release.versions);
  await app.npm(['install']);
}, 900_000);

afterAll(() => app?.remove());

describe('examples/upload-page, installed by name', () => {
  it('has the kit at the versions just published, from the registry', () => {
    for (const name of ['@video-api/client', '@video-api/mock-server']) {
      const installed = JSON.parse(readFileSync(join(app.dir, 'node_modules', name, 'package.json'), 'utf8'));
      expect(installed.version, name).toBe(release.versions[name]?.version);
    }
  });

  it('type-checks against the installed types (strict)', async () => {
    await app.node(['node_modules/typescript/bin/tsc', '--noEmit'], { timeoutMs: 120_000 });
  });

  it.each([
    ['jsdom', 2],
    ['happy-dom', 2],
    ['node', 3],
  ])('passes its Vitest project %s (%i tests)', async (project, count) => {
    const report = `test-results/vitest-${project}.json`;
    const run = await app.node(
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--project',
        project,
        '--reporter=json',
        `--outputFile=${report}`,
      ],
      { allowFailure: true, timeoutMs: 300_000 },
    );
    expect(existsSync(join(app.dir, report)), run.stdout + run.stderr).toBe(true);
    const { failures, ...counts } = vitestReport(join(app.dir, report));
    expect(counts, failures.join('\n\n')).toEqual({ passed: count, failed: 0, skipped: 0 });
  });

  it('passes its Playwright suite: 4 workers, one sandbox each, the clip plays (also with msw in the page)', async () => {
    // CI: no reuse of a server found on a port, the config starts `npx video-api-mock` on this one
    await expectPlaywrightPasses({ CI: 'true', MOCK_PORT: String(await freePort()) });
  });

  it('passes the same suite against three installed mocks on one PostgreSQL database, behind nginx', async () => {
    const mocks = await startBalancedMocks(join(app.dir, 'node_modules/.bin/video-api-mock'), app.dir, 3);
    try {
      // CI unset: the config then uses the mock answering at MOCK_PORT (nginx) instead of starting one
      await expectPlaywrightPasses({ CI: undefined, MOCK_PORT: String(mocks.port) }, mocks.output);
      const served = mocks.served();
      expect(
        served.map((count) => count > 0),
        `requests served per instance: ${served.join(', ')}`,
      ).toEqual([true, true, true]);
    } finally {
      await mocks.stop();
    }
  }, 600_000);

  it('leaves no process behind in the project, and removes it', async () => {
    const dir = app.dir;
    expect(await processesUnder([dir])).toEqual([]);
    app.remove();
    expect(existsSync(dir)).toBe(false);
  });
});

/**
 * Runs the app's Playwright suite (its own config: the page twice and, unless one answers at
 * `MOCK_PORT` outside CI, the mock) and expects all 11 tests passed, one isolation check per worker
 * and playback on more than one worker.
 */
async function expectPlaywrightPasses(
  env: { CI: string | undefined; MOCK_PORT: string },
  servers: () => string = () => '',
): Promise<void> {
  const file = join(app.dir, 'test-results/playwright.json');
  rmSync(file, { force: true }); // an earlier run's report
  const run = await app.node(['node_modules/@playwright/test/cli.js', 'test'], {
    env: { ...env, PAGE_PORT: String(await freePort()), MSW_PAGE_PORT: String(await freePort()) },
    allowFailure: true,
    timeoutMs: 600_000,
  });
  expect(existsSync(file), run.stdout + run.stderr).toBe(true);
  const report = playwrightReport(file);
  const failures = report.results.filter((result) => result.error).map((r) => `${r.title}: ${r.error}`);
  expect(
    { passed: report.passed, failed: report.failed, skipped: report.skipped },
    `${failures.join('\n\n')}\n${run.stdout.slice(-4000)}\n${servers().slice(-4000)}`,
  ).toEqual({
    passed: 11,
    failed: 0,
    skipped: 0,
  });
  const slots = (prefix: string) =>
    new Set(report.results.filter((result) => result.title.startsWith(prefix)).map((r) => r.parallelIndex));
  expect(slots('sandbox check').size, 'one isolation check per worker').toBe(4);
  expect(slots('plays an uploaded clip').size, 'playback on more than one worker').toBeGreaterThan(1);
}
