/**
 * The twin round trip: a contract run against a server that is not the mock gives a report; the
 * mock started from that report (`createApp({ readingsFrom })`, `--readings-from FILE`) is observed
 * by a second run to play exactly the readings the first run observed.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mockReadings } from '@video-api/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The contract suite is not a dependency of the mock (it depends on the mock): its sources are
// imported by path, as the workspace holds them.
import { type ContractReport, runContract, type Target } from '../../../../packages/contract/src/index.js';
import { createApp } from '../../src/node/index.js';
import { runCli } from '../support/run-cli.js';
import { READINGS, TWIN_TOKEN, twinServer } from './twin-server.js';

// `full`: the twin server is in-process, though its base URL is not a loopback one (which would choose `safe`).
const FAST = {
  profile: 'full',
  propertyRuns: 4,
  seed: 7,
  pollIntervalMs: 5,
  readyTimeoutMs: 10_000,
  sequenceVideos: 2,
} as const;

function target(baseUrl: string, token: string, fetch: Target['fetch']): Target {
  return { baseUrl, uploadBaseUrl: baseUrl, token, projectKey: 'twin', fetch };
}

/** What a run observed: id → reading, or `not observed`. */
const observed = (report: ContractReport) =>
  Object.fromEntries(
    report.observations.map((o) => [o.id, o.verdict === 'observed' ? o.reading : 'not observed']),
  );

const failures = (report: ContractReport) =>
  report.checks.filter((check) => check.verdict !== 'pass').map((c) => `${c.name}: ${c.detail}`);

let first: ContractReport;
const dirs: string[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  const server = twinServer();
  first = await runContract(
    target('http://twin.test', TWIN_TOKEN, async (request) => server.fetch(request)),
    FAST,
  );
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a contract run against a server that is not the mock', () => {
  it("passes every check and observes the readings that server plays, none the mock's defaults", () => {
    expect(failures(first)).toEqual([]);
    expect(first.stoppedEarly).toBeUndefined();
    const seen = observed(first);
    for (const [id, reading] of Object.entries(READINGS))
      expect(`${id}=${seen[id]}`).toBe(`${id}=${reading}`);
    const defaults = mockReadings() as Record<string, string>;
    // Every reading of the table is one the mock does not play by default.
    expect(Object.entries(READINGS).filter(([id, reading]) => defaults[id] === reading)).toEqual([]);
    // Kept as defaults by the twin: what this run could not see.
    expect(seen['auth-update-custom-fields']).toBe('not observed');
    expect(seen['video-states']).toBe('not observed');
  });
});

describe('the mock started from that report', () => {
  it('in process, createApp({ readingsFrom: report }): a second run observes the same readings', async () => {
    const app = createApp({ readingsFrom: first, processingMs: 40 });
    try {
      const second = await runContract(
        target('http://mock.test', 'mock-token', async (request) => app.fetch(request)),
        FAST,
      );
      expect(failures(second)).toEqual([]);
      expect(observed(second)).toEqual(observed(first));
    } finally {
      await app.mock.close();
    }
  });

  it('through the CLI, --readings-from FILE: says where each reading comes from, and a second run observes the same readings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-twin-'));
    dirs.push(dir);
    const file = join(dir, 'report.json');
    writeFileSync(file, `${JSON.stringify(first, null, 2)}\n`);
    const cli = runCli([
      '--port',
      '0',
      '--log-level',
      'silent',
      '--processing-ms',
      '40',
      '--readings-from',
      file,
    ]);
    children.push(cli.child);
    const url = await cli.listening;
    const { stdout } = cli.output();
    expect(stdout).toContain(`  readings from ${file} (--reading wins over it):`);
    expect(stdout).toMatch(/^ {4}custom-fields-omitted +replace +from the report$/m);
    expect(stdout).toMatch(/^ {4}auth-update-custom-fields +required +the default \(not observed\)$/m);
    expect(stdout).toMatch(/^ {4}video-states +basic +the default \(not observed\)$/m);
    const second = await runContract(
      target(url, 'mock-token', (request) => fetch(request)),
      FAST,
    );
    expect(failures(second)).toEqual([]);
    expect(observed(second)).toEqual(observed(first));
    cli.child.kill('SIGTERM');
    expect(await cli.closed).toBe(0);
  });
});
