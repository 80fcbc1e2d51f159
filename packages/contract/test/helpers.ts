/** Runs the suite against the in-process mock with settings small enough for a test run. */
import { type FetchApp, type ServedMock, type ServeMockOptions, serveMock } from '@video-api/test-support';
import { inProcessTarget, type PreparedTarget } from '../src/cli/targets.js';
import { runContract } from '../src/suite/run.js';
import type { ContractReport, RunOptions, Target } from '../src/support/types.js';

export const FAST = {
  propertyRuns: 4,
  seed: 7,
  pollIntervalMs: 5,
  readyTimeoutMs: 10_000,
  sequenceVideos: 2,
};

export function prepareMock(
  readings: Record<string, string> = {},
  wrapFetch?: (fetch: Target['fetch']) => Target['fetch'],
  mockOptions: Record<string, unknown> = {},
): Promise<PreparedTarget> {
  return inProcessTarget({
    projectKey: 'contract-test',
    readings,
    processingMs: 40,
    mockOptions: { rateLimit: { requests: 50, windowMs: 1000 }, ...mockOptions },
    ...(wrapFetch ? { wrapFetch } : {}),
  });
}

export async function runAgainstMock(
  readings: Record<string, string> = {},
  wrapFetch?: (fetch: Target['fetch']) => Target['fetch'],
  options: RunOptions & { target?: Partial<Target>; mockOptions?: Record<string, unknown> } = {},
): Promise<ContractReport> {
  const { target, mockOptions, ...runOptions } = options;
  const prepared = await prepareMock(readings, wrapFetch, mockOptions);
  try {
    return await runContract({ ...prepared.target, ...target }, {
      ...FAST,
      ...(prepared.registerWebhook ? { registerWebhook: prepared.registerWebhook } : {}),
      ...runOptions,
    } as RunOptions);
  } finally {
    await prepared.close();
  }
}

export const failures = (report: ContractReport) =>
  report.checks.filter((c) => c.verdict === 'fail').map((c) => `§${c.section} ${c.name}: ${c.detail}`);

export const skipped = (report: ContractReport) => report.checks.filter((c) => c.verdict === 'skipped');

/** The observation of `id`, among the spec's unknowns and the suite's own. */
export const observation = (report: ContractReport, id: string) =>
  [...report.observations, ...(report.localObservations ?? [])].find((o) => o.id === id);

/**
 * The in-process mock served over real HTTP with connection faults (`fault(request, n)` returns
 * `hang` or `die`); server and mock are closed by the functions pushed to `cleanups` (run them
 * after each test).
 */
export async function serveInProcessMock(
  fault: NonNullable<ServeMockOptions<FetchApp>['fault']>,
  cleanups: Array<() => Promise<void>>,
): Promise<ServedMock<FetchApp>> {
  const prepared = await prepareMock();
  const server = await serveMock({ fetch: prepared.target.fetch }, { fault });
  cleanups.push(
    () => server.close(),
    () => prepared.close(),
  );
  return server;
}
