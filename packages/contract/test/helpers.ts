/** Runs the suite against the in-process mock with settings small enough for a test run. */
import { runContract } from '../src/run.js';
import { inProcessTarget } from '../src/targets.js';
import type { ContractReport, Target } from '../src/types.js';

export const FAST = {
  propertyRuns: 4,
  seed: 7,
  pollIntervalMs: 5,
  readyTimeoutMs: 10_000,
  sequenceVideos: 2,
};

export async function runAgainstMock(
  readings: Record<string, string> = {},
  wrapFetch?: (fetch: Target['fetch']) => Target['fetch'],
): Promise<ContractReport> {
  const prepared = await inProcessTarget({
    projectKey: 'contract-test',
    readings,
    processingMs: 40,
    mockOptions: { rateLimit: { requests: 50, windowMs: 1000 } },
    ...(wrapFetch ? { wrapFetch } : {}),
  });
  try {
    return await runContract(prepared.target, {
      ...FAST,
      ...(prepared.registerWebhook ? { registerWebhook: prepared.registerWebhook } : {}),
    });
  } finally {
    await prepared.close();
  }
}

export const failures = (report: ContractReport) =>
  report.checks.filter((c) => c.verdict === 'fail').map((c) => `§${c.section} ${c.name}: ${c.detail}`);
