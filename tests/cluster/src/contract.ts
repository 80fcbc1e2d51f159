/**
 * The contract suite's CLI (`video-api-contract`) from its sources against a base URL, its report
 * read back: what a backend team's CI runs against the shared mock.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContractReport } from '@video-api/contract';
import { exec, sourceArgs } from '@video-api/test-support';
import { OTHER_TOKEN, PACKAGE_DIR, TOKEN } from './instance.js';

const CONTRACT_BIN = fileURLToPath(
  new URL('../node_modules/@video-api/contract/src/cli/run.ts', import.meta.url),
);

export interface ContractRun {
  code: number | null;
  report: ContractReport;
  /** The CLI's summary and progress, for assertion messages. */
  output: string;
  ms: number;
}

/**
 * Runs the suite against `baseUrl` with both tokens, a fixed seed and few property runs, webhooks
 * included: its receiver is registered through one instance's admin API and served by them all.
 */
export async function runContractCli(baseUrl: string): Promise<ContractRun> {
  const dir = mkdtempSync(join(tmpdir(), 'video-api-cluster-contract-'));
  const began = performance.now();
  try {
    const run = await exec(
      process.execPath,
      [
        ...sourceArgs(CONTRACT_BIN),
        ...['--base-url', baseUrl, '--token', TOKEN, '--other-token', OTHER_TOKEN],
        ...['--runs', '3', '--seed', '7', '--report', dir],
      ],
      { cwd: PACKAGE_DIR, allowFailure: true, timeoutMs: 150_000 },
    );
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ContractReport;
    return { code: run.code, report, output: run.stdout + run.stderr, ms: performance.now() - began };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
