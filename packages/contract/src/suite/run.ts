/** The runner: checks what the document states and probes what it leaves open, in one pass. */

import { idsWithReadings } from '@video-api/schema';
import { checkCreate } from '../checks/create.js';
import { Context } from '../context/context.js';
import { explain } from '../context/failures.js';
import { wellFormed } from '../report/well-formed.js';
import type { ContractReport, RunOptions, StoppedEarly, Target } from '../support/types.js';
import { lifecycle } from './lifecycle.js';
import { resolveOptions } from './profile.js';

/**
 * Runs the whole contract suite against one target.
 *
 * @example
 * const report = await runContract({
 *   baseUrl: 'http://localhost:4010', uploadBaseUrl: 'http://localhost:4010',
 *   token: 'mock-token', projectKey: 'demo', fetch: (request) => fetch(request),
 * });
 * if (report.summary.failed > 0) process.exitCode = 1;
 */
export async function runContract(target: Target, options: RunOptions = {}): Promise<ContractReport> {
  return runWith(target, options);
}

/**
 * The report of a run that stopped before its first request (the target could not be reached):
 * every check skipped, every unknown not observed, and the stop recorded as a failed check.
 */
export async function stoppedRun(
  target: Target,
  options: RunOptions,
  stopped: StoppedEarly,
): Promise<ContractReport> {
  return runWith(target, options, stopped);
}

async function runWith(target: Target, options: RunOptions, stopped?: StoppedEarly): Promise<ContractReport> {
  const seed = options.seed ?? randomSeed();
  const ctx = new Context(target, resolveOptions(target, options, seed));
  const startedAt = new Date();
  if (stopped) ctx.stopWithFailure(stopped.cause, stopped.reason);
  // After a stop every later check is recorded as skipped and every probe as not observed, so a
  // report always lists the whole suite.
  try {
    await lifecycle(ctx, await checkCreate(ctx));
  } catch (error) {
    ctx.stopWithFailure('error', `the suite met an unexpected error: ${explain(error)}`);
  }

  for (const id of idsWithReadings) {
    if (!ctx.observations.some((o) => o.id === id)) {
      await ctx.observe(id, async () => ({ notObserved: 'not probed: an earlier step failed' }));
    }
  }
  const count = (verdict: string) => ctx.checks.filter((c) => c.verdict === verdict).length;
  const notObserved = ctx.observations.filter((o) => o.verdict === 'not-observed').length;
  // A server's `"\ud800"` reaches details and evidence: the report holds U+FFFD there, and says where.
  return wellFormed({
    target: { baseUrl: target.baseUrl, uploadBaseUrl: target.uploadBaseUrl },
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    seed,
    scope: ctx.scope?.toReport() ?? {
      profile: ctx.options.profile,
      skippedByProfile: [],
      only: [],
      skip: [],
      skippedByChoice: [],
    },
    createdVideos: ctx.api.ledger.created,
    rateLimitWaits: {
      count: ctx.api.budget.waits,
      totalMs: ctx.api.budget.spentMs,
      budgetMs: ctx.api.budget.budgetMs,
    },
    ...(ctx.stopped ? { stoppedEarly: ctx.stopped } : {}),
    checks: ctx.checks,
    observations: ctx.observations,
    summary: {
      passed: count('pass'),
      failed: count('fail'),
      skipped: count('skipped'),
      observed: ctx.observations.length - notObserved,
      notObserved,
    },
  });
}

/** A seed in fast-check's range (a 32-bit integer), reported so a failure can be replayed. */
function randomSeed(): number {
  return (Date.now() ^ (Math.random() * 0x100000000)) | 0;
}
